// Test helpers for the SMD writer: parse or fail the test, compare two SMD files value by value,
// and check that read -> write -> read keeps every value and that writing again is stable.
#pragma once

#include "formats/smd/smd.h"

#include <string>

namespace vtxc::test {

// The parsed file; a failed parse fails the current test (with the first error) and gives {}.
SmdFile parseSmdOrFail(const std::string& text);

// Every value equal (floats compared with ==, so bit for bit but for the sign of zero); links
// compared in the writer's order (largest weight first, ties in file order).
void expectSameSmdContent(const SmdFile& a, const SmdFile& b);

// writeSmd(original) reads back to the same content, and writing that again gives the same text.
void expectSmdRoundTrip(const SmdFile& original);

} // namespace vtxc::test
