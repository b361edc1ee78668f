// tests/helpers.hpp: small matrices written in DLX text, a brute-force oracle, and a count that checks restoration.
#pragma once

#include <random>

#include <sstream>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "xcount/count.hpp"
#include "xcount/dancer.hpp"
#include "xcount/dlx_format.hpp"
#include "xcount/scan.hpp"

namespace xcount::test {

inline Matrix dlx(const std::string& text) {
    std::istringstream in(text);
    return read_dlx(in, "test.dlx");
}

// Knuth's example from the DLX1 documentation: exactly one solution, {A D} {B G} {C E F}.
inline const char* const kKnuthExample =
    "| This data specifies an exact cover problem\n"
    "A B C D E | F G\n"
    "C E F\nA D G\nB C F\nA D\nB G\nD E G\n";

// A random matrix with `options` options of 1 to 4 distinct items over `primary` +
// `secondary` items (items named p0.., s0..).
Matrix random_matrix(std::mt19937& rng, int primary, int secondary, int options);

// The same with `colours` colours (c0, c1, ...): each secondary item of an option gets one of
// them, or none, at random.
Matrix random_coloured_matrix(std::mt19937& rng, int primary, int secondary, int options, int colours);

// Knuth's example of colour controls, from the DLX2 documentation: one solution, "A C X:1 Y:1"
// and "B X:1" (the option without a primary item, "X:0 Y:1", is dropped).
inline const char* const kKnuthColourExample =
    "| A simple example of color controls\n"
    "A B C | X Y\n"
    "A B X:0 Y:0\nA C X:1 Y:1\nX:0 Y:1\nB X:1\nC Y:1\n";

// Counts solutions by trying every subset of options (at most 20 options); colours and
// multiplicities as the matrix gives them (Matrix::has_colours, Matrix::item_bounds).
Count brute_force_count(const Matrix& m);
// The solutions themselves, each as its options in id order, in the order of their subsets.
std::vector<std::vector<OptionId>> brute_force_solutions(const Matrix& m);

// A whole count on a fresh Engine under `choice`, which must leave the engine as it found it.
template <class Engine>
SearchStats count_restoring(const Matrix& m, Choice choice) {
    Engine e(m);
    e.set_choice(choice);
    const std::uint64_t before = e.checksum();
    const SearchStats s = e.count();
    REQUIRE(e.checksum() == before);
    return s;
}

// The same solutions, updates and nodes.
inline void check_same_figures(const SearchStats& a, const SearchStats& b) {
    CHECK(a.solutions == b.solutions);
    CHECK(a.updates == b.updates);
    CHECK(a.nodes == b.nodes);
}

// A walk below `prefix` in slices of k nodes, as a journal resumes it: each slice stops at the
// node limit and leaves its position, the next replays it and carries on. The slices' sum.
template <class Engine>
SearchStats count_in_slices(Engine& e, std::span<const OptionId> prefix, std::uint64_t k) {
    SearchStats sum;
    std::vector<OptionId> position;
    for (;;) {
        e.replay(prefix);
        e.replay(position);
        std::vector<OptionId> next;
        const SearchStats slice = e.count(Limits{.max_nodes = k, .resume_base = static_cast<int>(prefix.size()), .position = &next});
        e.unwind();
        sum += slice;
        if (slice.complete) return sum;
        position = next;
    }
}

// The scan engine held to one way of finding the free options (ScanMethod), whatever the
// matrix would have it take.
struct ScanEachOption : Scan {
    explicit ScanEachOption(const Matrix& m) : Scan(m, ScanMethod::each_option) {}
};
struct ScanConflictMasks : Scan {
    explicit ScanConflictMasks(const Matrix& m) : Scan(m, ScanMethod::conflict_masks) {}
};
struct WideScanConflictMasks : WideScan {
    explicit WideScanConflictMasks(const Matrix& m) : WideScan(m, ScanMethod::conflict_masks) {}
};

// A matrix with a name, for the split and runner tests.
struct Case {
    std::string name;
    Matrix matrix;
};

// Matrices with solutions and dead ends above every split depth tested (queens 1 and 4,
// Knuth's example, random ones), and wider trees (queens 8 and 9).
std::vector<Case> split_cases();

}  // namespace xcount::test
