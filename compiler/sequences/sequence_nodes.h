// The sequence graph of an NPC's model (docs/mdl-compile.md, "Nodes and transitions"; studio.h's
// localnodeindex/localnodenameindex of studiohdr_t and localentrynode/localexitnode/nodeflags of
// mstudioseqdesc_t):
//  - nodes are numbered from 1 in the order the QC first names them (QcProject::nodeNames);
//  - a sequence's entry and exit nodes are its `node`, `transition`, `rtransition`, `entrynode`,
//    `exitnode`; nodeflags is 1 for `rtransition` (the sequence may be played backwards);
//  - the transition table, numlocalnodes x numlocalnodes bytes, holds at [from-1][to-1] the node
//    `to` for each sequence leading from one node to another (and the way back for
//    `rtransition`); every other entry is 0: Valve's files hold no path over several steps.
#pragma once

#include "formats/common/diagnostics.h"
#include "formats/qc/qc_project.h"
#include "formats/studio/mdl.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace vtxc {

// studio.h: a sequence whose transition may be played in reverse.
inline constexpr std::int32_t kNodeReverse = 0x1;

struct SequenceGraph {
    std::vector<std::string> names;        // localNodeNames
    std::vector<std::uint8_t> transitions; // names.size() squared, [from-1][to-1]
};

// Sets localentrynode, localexitnode, nodeflags and exitphase of `seq` from the QC sequence's
// node options (a name the table lacks, impossible after readQcProject, counts as no node).
void setSequenceNodes(const QcSequence& qc, const std::vector<std::string>& nodeNames,
                      MdlSeqDesc& seq);

// The node table and transition table of every $sequence of the project, also those left out of
// the .mdl for their missing files (so that neither depends on which files are present). A
// transition touching a node numbered past 255, which a table byte cannot hold, is an error
// (SEQ010) at its sequence's line.
std::optional<SequenceGraph> buildSequenceGraph(const QcProject& qc, DiagnosticSink& sink);

} // namespace vtxc
