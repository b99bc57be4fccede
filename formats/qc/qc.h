// vtxc_qc: the QC reader (docs/qc.md). Index of the entry points; each is declared in the header
// named beside it. Depends on vtxc_common. Codes QC001-QC070 (qc_codes.h).
//
//   readQcProject(qc, sink, contentRoot)                  (qc_project.h)
//   readQcProject(qc, files, sink, contentRoot)
//       Reads the QC and everything it includes, interprets every command and checks the whole:
//       body parts, models, LODs, texture groups, sequences and animations, the .mdl commands
//       (QcMdlSettings, qc_mdl_settings.h), and every file reference resolved inside the content
//       root (default: the QC's folder). Returns nothing when any error was reported (all of them
//       reach `sink`, up to its error limit). Never throws on bad input; never reads outside the
//       content root. Pre: `files` (the file-system seam; MemoryFileSystem in tests) outlives the
//       call.
//   meshForLod(project, model, lod)                       (qc_project.h)
//       The mesh one model draws in one LOD: its replacement, its reference mesh or none.
//       Pre: `model` and `lod` index into `project`.
//
// The stages, for tests and tools that need one of them:
//   lexQc, lexQcFile (also the lines of comments holding `\\`), checkQcBraces   (qc_lexer.h)
//   preprocessQc: $include, $definemacro, $definevariable (qc_preprocessor.h)
//   splitQcCommands, QcArgumentCursor                     (qc_command_stream.h)
//   QcMdlCommandReader: the .mdl commands                 (qc_mdl_commands.h)
//   QcSequenceReader: $sequence and $animation            (qc_sequence.h)
//   readQcCollisionBlock: $collisionmodel/$collisionjoints options, serializeQcCollisionText:
//   $collisiontext (QcProject::collisionModel, collisionText)   (qc_collision.h)
// File names resolve through QcPathResolver (qc_paths.h: ContainedPathResolver of formats/common
// with the QC's folder inside the content root) over the FileSystem seam.
#pragma once

#include "formats/common/contained_path.h"
#include "formats/common/file_system.h"
#include "formats/qc/qc_codes.h"
#include "formats/qc/qc_collision.h"
#include "formats/qc/qc_command_stream.h"
#include "formats/qc/qc_file_refs.h"
#include "formats/qc/qc_lexer.h"
#include "formats/qc/qc_preprocessor.h"
#include "formats/qc/qc_project.h"
