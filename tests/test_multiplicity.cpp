// Multiplicities (Knuth's DLX3): read and written as `lo:hi|item`, counted through their
// expansion into exact cover and by the dancer's Algorithm M on the matrix as written, checked
// against a brute force over option subsets on random matrices (with and without colours) on
// every engine, split over threads and walked in slices.
#include <catch2/catch.hpp>

#include <random>
#include <sstream>

#include "helpers.hpp"
#include "xcount/bits.hpp"
#include "xcount/cells.hpp"
#include "xcount/multiplicity.hpp"
#include "xcount/runner.hpp"
#include "xcount/split.hpp"

using namespace xcount;

namespace {

// Knuth's example of multiplicities, from the DLX3 documentation: one solution, "A C X:1 Y:1",
// "B X:1" and "C Y:1".
const char* const kKnuthMultiplicityExample =
    "| A simple example of multiplicities\n"
    "A B 2:3|C | X Y\n"
    "A B X:0 Y:0\nA C X:1 Y:1\nC X:0\nB X:1\nC Y:1\n";

// A random matrix in DLX text: primary items p0.. (about half with bounds lo:hi, 0 <= lo <= hi
// <= 3, hi >= 1), secondary s0.., options of 1 to 4 items, secondary ones coloured a or b
// (or not) when `colours`.
std::string random_text(std::mt19937& rng, int primary, int secondary, int options, bool colours) {
    std::uniform_int_distribution<int> coin(0, 1), bound(0, 3), pick(0, primary + secondary - 1), size(1, std::min(4, primary + secondary)),
        colour(0, 2);
    std::string text;
    for (int i = 0; i < primary; ++i) {
        int lo = bound(rng), hi = bound(rng);
        if (lo > hi) std::swap(lo, hi);
        hi = std::max(hi, 1);
        text += (coin(rng) ? std::to_string(lo) + ":" + std::to_string(hi) + "|" : "") + "p" + std::to_string(i) + " ";
    }
    text += "|";
    for (int i = 0; i < secondary; ++i) text += " s" + std::to_string(i);
    text += "\n";
    for (int k = 0; k < options; ++k) {
        std::vector<int> items;
        for (int want = size(rng); static_cast<int>(items.size()) < want;)
            if (const int i = pick(rng); std::find(items.begin(), items.end(), i) == items.end()) items.push_back(i);
        for (int i : items) {
            text += i < primary ? " p" + std::to_string(i) : " s" + std::to_string(i - primary);
            if (i >= primary && colours && colour(rng) > 0) text += colour(rng) > 1 ? ":a" : ":b";
        }
        text += "\n";
    }
    return text;
}

}  // namespace

TEST_CASE("multiplicities: Knuth's example has one solution, A C X:1 Y:1, B X:1 and C Y:1", "[multiplicity]") {
    const Matrix m = test::dlx(kKnuthMultiplicityExample);
    REQUIRE(m.has_multiplicities());
    CHECK(m.item_bounds(*m.find_item("C")) == Matrix::Bounds{2, 3});
    CHECK(m.item_bounds(*m.find_item("A")) == Matrix::Bounds{});
    CHECK(test::brute_force_count(m) == 1);
    const ExpandedMatrix e = expand_multiplicities(m);
    CHECK_FALSE(e.matrix.has_multiplicities());
    std::vector<std::vector<OptionId>> found;
    Dancer(e.matrix).search([&](std::span<const OptionId> s) {
        std::vector<OptionId> originals;
        for (OptionId o : s)
            if (e.original[static_cast<std::size_t>(o)] >= 0) originals.push_back(e.original[static_cast<std::size_t>(o)]);
        std::sort(originals.begin(), originals.end());
        found.push_back(originals);
    });
    REQUIRE(found.size() == 1);
    CHECK(found[0] == std::vector<OptionId>{1, 3, 4});  // A C X:1 Y:1; B X:1; C Y:1

    // Algorithm M on the matrix as written: the same solution, with the figures of Knuth's DLX3
    // (built outside the repository: 1 solution, 14 updates, 6 nodes), its null move ("no more
    // options for C") left out of the solution.
    const SearchStats direct = test::count_restoring<Dancer>(m, {});
    CHECK(direct.solutions == 1);
    CHECK(direct.updates == 14);
    CHECK(direct.nodes == 6);
    found.clear();
    Dancer(m).search([&](std::span<const OptionId> s) { found.emplace_back(s.begin(), s.end()); });
    REQUIRE(found.size() == 1);
    std::sort(found[0].begin(), found[0].end());
    CHECK(found[0] == std::vector<OptionId>{1, 3, 4});
    // The engines without Algorithm M refuse the matrix rather than count it as if every bound were 1.
    CHECK_THROWS_WITH(Bits(m), Catch::Contains("takes no multiplicities"));
    CHECK_THROWS_WITH(Cells(m), Catch::Contains("takes no multiplicities"));
}

namespace {

// Algorithm M's tree rebuilt from what the estimator's probes see: each node's branches as
// branch_options() lists them (null moves included), pushed one by one, with their costs.
SearchStats tree_of_branches(Dancer& d) {
    SearchStats s;
    s.nodes = 1;
    if (d.solved()) {
        s.solutions = 1;
        return s;
    }
    const std::vector<OptionId> branches = d.branch_options();
    if (branches.empty()) s.updates = d.dead_end_cost();
    for (std::size_t k = 0; k < branches.size(); ++k) {
        const PushCost cost = d.push(branches[k]);
        s.updates += (k == 0 ? cost.item : 0) + cost.rest;
        s += tree_of_branches(d);
        d.pop();
    }
    return s;
}

}  // namespace

TEST_CASE("multiplicities: the estimator's branches and costs are Algorithm M's walk", "[multiplicity][estimate]") {
    // Knuth's estimate is unbiased when a probe sees exactly the walk's branches at each node
    // and their costs add up to the walk's: rebuilt from them, the tree has the walk's figures.
    for (const char* text : {kKnuthMultiplicityExample, "A 0:2|B 2:3|C | X\nA B\nB C X:a\nC X:b\nC\nA C\nB X:a\nC\n"}) {
        const Matrix m = test::dlx(text);
        Dancer d(m);
        const std::uint64_t before = d.checksum();
        test::check_same_figures(tree_of_branches(d), test::count_restoring<Dancer>(m, {}));
        CHECK(d.checksum() == before);
    }
    const Matrix m = read_dlx_file(XCOUNT_SOURCE_DIR "/tests/data/good/multiplicities-dlx3.dlx");
    Dancer d(m);
    test::check_same_figures(tree_of_branches(d), test::count_restoring<Dancer>(m, {}));
}

TEST_CASE("multiplicities: Algorithm M has DLX3's figures on a random matrix with colours", "[multiplicity]") {
    // Solutions, updates and nodes as Knuth's DLX3 (built outside the repository) reports them
    // for this file: unsplit, split at several depths on 1-3 threads, and in slices of 7 nodes.
    const Matrix m = read_dlx_file(XCOUNT_SOURCE_DIR "/tests/data/good/multiplicities-dlx3.dlx");
    REQUIRE(m.has_multiplicities());
    const SearchStats whole = test::count_restoring<Dancer>(m, {});
    CHECK(whole.solutions == 69867);
    CHECK(whole.updates == 267516);
    CHECK(whole.nodes == 119114);
    CHECK(test::count_restoring<Dancer>(expand_multiplicities(m).matrix, {}).solutions == 69867);
    for (int depth : {1, 2, 4, 7}) {
        const RunReport r = run_split(m, split_at_depth(m, depth), {}, RunOptions{.threads = 1 + depth % 3});
        test::check_same_figures(r.total, whole);
    }
    Dancer d(m);
    const std::uint64_t before = d.checksum();
    test::check_same_figures(test::count_in_slices(d, {}, 7), whole);
    CHECK(d.checksum() == before);
}

TEST_CASE("multiplicities are written as DLX3 writes them and read back the same", "[multiplicity]") {
    const Matrix m = test::dlx("A 3|B 0:2|C | X\nA B\nB C X\nB\nC\n");
    CHECK(m.item_bounds(1) == Matrix::Bounds{3, 3});
    CHECK(m.item_bounds(2) == Matrix::Bounds{0, 2});
    std::ostringstream out;
    write_dlx(out, m);
    CHECK(out.str().rfind("A 3|B 0:2|C | X\n", 0) == 0);
    const Matrix again = test::dlx(out.str());
    CHECK(again.fingerprint() == m.fingerprint());
    CHECK(test::dlx("A B C | X\nA B\nB C X\nB\nC\n").fingerprint() != m.fingerprint());  // the bounds count
    CHECK_THROWS_WITH(test::dlx("A 3:2|B\nA B\n"), Catch::Contains("test.dlx:1:3: item 'B': a multiplicity lo:hi needs 0 <= lo <= hi"));
    CHECK_THROWS_WITH(test::dlx("A 0|B\nA B\n"), Catch::Contains("hi >= 1, not 0:0"));
    CHECK_THROWS_WITH(test::dlx("A | 2|X\nA X\n"), Catch::Contains("test.dlx:1:5: '2|X': only a primary item takes a multiplicity"));
    CHECK_THROWS_WITH(test::dlx("A b:c\nA\n"), Catch::Contains("a multiplicity is written lo:hi|item"));
    // A bound too large to expand is refused before anything is built.
    const Matrix huge = test::dlx("A 999999999|B\nA B\nB\n");
    CHECK_THROWS_WITH(expand_multiplicities(huge), "the multiplicities expand into more than 50000000 items or option items");
    CHECK_THROWS_WITH(expand_multiplicities(test::dlx("3|A B\nA B\nA\nA\n"), 10), Catch::Contains("more than 10 items"));
}

// The memory bound is checked against expansion_size before the expansion is built: it must
// never be smaller than what is built (the options it counts exactly).
TEST_CASE("multiplicities: expansion_size bounds the expansion from above, its options exactly", "[multiplicity]") {
    std::mt19937 rng(35);
    for (int round = 0; round < 200; ++round) {
        const std::string text = random_text(rng, 2 + round % 5, round % 3, 4 + round % 12, round % 2 == 1);
        INFO(text);
        const Matrix m = test::dlx(text);
        const ExpandedMatrix e = expand_multiplicities(m);
        const ExpansionSize size = expansion_size(m);
        CHECK(size.options == static_cast<double>(e.matrix.option_count()));
        CHECK(size.nodes >= static_cast<double>(e.matrix.node_count()));
        CHECK(size.items >= static_cast<double>(e.matrix.item_count()));
    }
    const ExpansionSize big = expansion_size(test::dlx("4000000|A\nA\n"));  // a 13-byte file
    CHECK(big.options == 4000000.0);
    CHECK(big.items > 2e7);
}

TEST_CASE("multiplicities: the expansion counts what a brute force over option subsets counts, on every engine and split",
          "[multiplicity][oracle]") {
    std::mt19937 rng(2026);
    int nonzero = 0;
    for (int round = 0; round < 240; ++round) {
        const bool colours = round % 2 == 1;
        const std::string text = random_text(rng, 2 + round % 5, round % 3, 6 + round % 9, colours);
        INFO(text);
        const Matrix m = test::dlx(text);
        const Count expected = test::brute_force_count(m);
        nonzero += expected > 0;
        const ExpandedMatrix e = expand_multiplicities(m);
        CHECK(test::count_restoring<Dancer>(e.matrix, {}).solutions == expected);
        if (!colours) {
            if (Bits::fits(e.matrix)) CHECK(test::count_restoring<Bits>(e.matrix, {}).solutions == expected);
            CHECK(test::count_restoring<Cells>(e.matrix, {}).solutions == expected);
            if (e.matrix.item_count() <= 256)
                CHECK(test::count_restoring<test::ScanConflictMasks>(e.matrix, Choice{ChooseRule::scan, 0}).solutions == expected);
        }
        for (int depth : {1, 3}) {
            const RunReport r = run_split(e.matrix, split_at_depth(e.matrix, depth), {}, RunOptions{.threads = 1 + round % 3});
            CHECK(r.total.solutions == expected);
        }

        // Algorithm M on the matrix itself: each solution once, null moves left out; the same
        // figures split (the prefixes hold null moves) and walked in slices of 2 nodes.
        const SearchStats whole = test::count_restoring<Dancer>(m, {});
        CHECK(whole.solutions == expected);
        std::vector<std::vector<OptionId>> found;
        Dancer(m).search([&](std::span<const OptionId> s) {
            found.emplace_back(s.begin(), s.end());
            std::sort(found.back().begin(), found.back().end());
        });
        std::sort(found.begin(), found.end());
        std::vector<std::vector<OptionId>> all = test::brute_force_solutions(m);
        std::sort(all.begin(), all.end());
        CHECK(found == all);
        for (int depth : {1, 2, 5}) {
            const RunReport r = run_split(m, split_at_depth(m, depth), {}, RunOptions{.threads = 1 + (round + depth) % 3});
            test::check_same_figures(r.total, whole);
        }
        Dancer d(m);
        const std::uint64_t before = d.checksum();
        test::check_same_figures(test::count_in_slices(d, {}, 2), whole);
        CHECK(d.checksum() == before);
    }
    CHECK(nonzero > 60);  // the oracle must see solutions, not only empty counts
}
