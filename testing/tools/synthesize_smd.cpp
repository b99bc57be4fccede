// Writes a generated skinned SMD of any size, for benchmarks of the whole command path:
//   vtxc_synthesize_smd OUT.smd TRIANGLES [BONES] [INFLUENCES]
// Big files stay out of the repository; generate them where the benchmark runs.
#include "testing/smd_synthesis.h"

#include <cstdio>
#include <cstdlib>
#include <string>

int main(int argc, char** argv) {
    if (argc < 3) {
        std::fprintf(stderr, "usage: %s OUT.smd TRIANGLES [BONES] [INFLUENCES]\n", argv[0]);
        return 1;
    }
    vtxc::SmdSynthesisOptions options;
    options.triangles = std::strtoull(argv[2], nullptr, 10);
    if (argc > 3) options.bones = std::atoi(argv[3]);
    if (argc > 4) options.maxInfluences = std::atoi(argv[4]);
    vtxc::CollectingSink sink;
    if (vtxc::writeSynthesizedSmdFile(argv[1], options, sink)) return 0;
    std::fprintf(stderr, "%s: cannot write the file\n", argv[1]);
    return 2;
}
