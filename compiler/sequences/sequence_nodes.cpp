// The node graph of the sequences (rules in sequence_nodes.h), derived from Valve's
// combine_soldier_anims.mdl, police_animations.mdl and monk_animations.mdl against their QCs.
#include "compiler/sequences/sequence_nodes.h"

#include "formats/common/text.h"

namespace vtxc {

namespace {

// 1-based node number of `name` (compared without case), 0 when none.
std::int32_t nodeNumber(const std::vector<std::string>& names,
                        const std::optional<std::string>& name) {
    if (!name) return 0;
    const std::string lower = asciiLower(*name);
    for (std::size_t i = 0; i < names.size(); ++i)
        if (asciiLower(names[i]) == lower) return static_cast<std::int32_t>(i + 1);
    return 0;
}

} // namespace

void setSequenceNodes(const QcSequence& qc, const std::vector<std::string>& nodeNames,
                      MdlSeqDesc& seq) {
    seq.localentrynode = nodeNumber(nodeNames, qc.entryNode);
    seq.localexitnode = nodeNumber(nodeNames, qc.exitNode);
    seq.nodeflags = qc.reversibleTransition ? kNodeReverse : 0;
    seq.exitphase = static_cast<float>(qc.exitPhase.value_or(0.0));
}

std::optional<SequenceGraph> buildSequenceGraph(const QcProject& qc, DiagnosticSink& sink) {
    SequenceGraph graph;
    graph.names = qc.nodeNames;
    const std::size_t count = graph.names.size();
    graph.transitions.assign(count * count, 0);
    bool ok = true;
    for (const QcSequence& sequence : qc.sequences) {
        const std::int32_t from = nodeNumber(graph.names, sequence.entryNode);
        const std::int32_t to = nodeNumber(graph.names, sequence.exitNode);
        if (from == 0 || to == 0 || from == to) continue;
        if (from > 255 || to > 255) {
            sink.error("SEQ010", sequence.definedAt,
                       "sequence '" + sequence.name + "' leads from node " + std::to_string(from) +
                           " to node " + std::to_string(to) +
                           ", past the 255 nodes a transition table byte can hold; name fewer "
                           "nodes");
            ok = false;
            continue;
        }
        auto at = [count](std::int32_t row, std::int32_t column) {
            return static_cast<std::size_t>(row - 1) * count + static_cast<std::size_t>(column - 1);
        };
        graph.transitions[at(from, to)] = static_cast<std::uint8_t>(to);
        if (sequence.reversibleTransition)
            graph.transitions[at(to, from)] = static_cast<std::uint8_t>(from);
    }
    if (!ok) return std::nullopt;
    return graph;
}

} // namespace vtxc
