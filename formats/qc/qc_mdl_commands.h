// Reader of the QC commands that set .mdl fields (see qc_mdl_settings.h for the data). Argument
// forms follow the Valve Developer Community wiki page of each command.
#pragma once

#include "formats/common/diagnostics.h"
#include "formats/qc/qc_command_stream.h"
#include "formats/qc/qc_mdl_settings.h"

#include <map>
#include <string>
#include <vector>

namespace vtxc {

class QcMdlCommandReader {
  public:
    // The commands read here (the table read() dispatches on), for qcAcceptedNames().
    static std::vector<std::string> commandNames();
    QcMdlCommandReader(QcMdlSettings& settings, DiagnosticSink& sink)
        : settings_(settings), sink_(sink) {}

    // Reads the command when it is one of the .mdl commands; false when it is not.
    bool read(const QcCommand& command);
    // The `{ }` block of a $model: flex controllers (the rest is reported as not implemented).
    void readModelBlock(QcTokenSpan block);

  private:
    using Handler = void (QcMdlCommandReader::*)(const QcCommand&, QcArgumentCursor&);
    static const std::map<std::string, Handler>& handlers();

    void attachment(const QcCommand& command, QcArgumentCursor& arguments);
    void hitbox(const QcCommand& command, QcArgumentCursor& arguments);
    void hitboxSet(const QcCommand& command, QcArgumentCursor& arguments);
    void box(const QcCommand& command, QcArgumentCursor& arguments);
    void illumPosition(const QcCommand& command, QcArgumentCursor& arguments);
    void eyePosition(const QcCommand& command, QcArgumentCursor& arguments);
    void surfaceProp(const QcCommand& command, QcArgumentCursor& arguments);
    void contents(const QcCommand& command, QcArgumentCursor& arguments);
    void maxEyeDeflection(const QcCommand& command, QcArgumentCursor& arguments);
    void keyValues(const QcCommand& command, QcArgumentCursor& arguments);
    void poseParameter(const QcCommand& command, QcArgumentCursor& arguments);
    void ikChain(const QcCommand& command, QcArgumentCursor& arguments);
    void ikAutoplayLock(const QcCommand& command, QcArgumentCursor& arguments);
    void commandList(const QcCommand& command, QcArgumentCursor& arguments);
    void boneMerge(const QcCommand& command, QcArgumentCursor& arguments);
    void skipBoneInBBox(const QcCommand& command, QcArgumentCursor& arguments);
    void weightList(const QcCommand& command, QcArgumentCursor& arguments);
    void flexController(const QcToken& head, QcArgumentCursor& arguments);
    void finish(const QcCommand& command, QcArgumentCursor& arguments);
    QcHitboxSet& currentHitboxSet();

    QcMdlSettings& settings_;
    DiagnosticSink& sink_;
};

inline constexpr const char* kQcUnknownContents = "QC063";
inline constexpr const char* kQcModelBlockNotImplemented = "QC060";

} // namespace vtxc
