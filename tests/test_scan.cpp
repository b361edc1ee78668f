// The scan engine: the tree of ChooseRule::scan in any scan order, the same figures as every
// other engine walking that tree, prefixes replayed and refused as theirs are, and the models'
// scan orders (a board along its short side, pieces last).
#include <catch2/catch.hpp>

#include <algorithm>
#include <random>

#include "helpers.hpp"
#include "langford.hpp"
#include "polyform.hpp"
#include "queens.hpp"
#include "xcount/runner.hpp"
#include "xcount/scan.hpp"
#include "xcount/split.hpp"

using namespace xcount;

namespace {

constexpr Choice kScan{ChooseRule::scan, 0};

// The same matrix with its primary items scanned in a random order.
Matrix shuffled_scan(const Matrix& m, std::mt19937& rng) {
    MatrixBuilder b;
    for (std::size_t i = 0; i < m.item_count(); ++i) b.add_item(m.item(static_cast<ItemId>(i)).name, m.item(static_cast<ItemId>(i)).kind);
    for (std::size_t o = 0; o < m.option_count(); ++o) b.add_option(m.option(static_cast<OptionId>(o)));
    std::vector<ItemId> order = m.scan_order();
    std::shuffle(order.begin(), order.end(), rng);
    b.set_scan_order(order);
    return std::move(b).build();
}

template <class Engine>
SearchStats count_scan(const Matrix& m) {
    return test::count_restoring<Engine>(m, kScan);
}

}  // namespace

TEST_CASE("scan: every engine walks the same tree in any scan order, and counts what brute force counts", "[scan]") {
    std::mt19937 rng(7);
    for (int trial = 0; trial < 300; ++trial) {
        const Matrix m = shuffled_scan(test::random_matrix(rng, 3 + trial % 7, trial % 4, 5 + trial % 14), rng);
        INFO("trial " << trial);
        const Count truth = test::brute_force_count(m);
        const SearchStats scan = count_scan<Scan>(m);
        REQUIRE(scan.solutions == truth);
        for (const SearchStats& other :
             {count_scan<WideScan>(m), count_scan<test::ScanEachOption>(m), count_scan<test::ScanConflictMasks>(m),
              count_scan<test::WideScanConflictMasks>(m), count_scan<Dancer>(m), count_scan<Cells>(m), count_scan<Bits>(m)}) {
            REQUIRE(other.solutions == truth);
            REQUIRE(other.nodes == scan.nodes);
            REQUIRE(other.updates == scan.updates);
        }
    }
}

// Leads of more than 64 and 128 options span several words of the conflict masks: a few items
// each holding a share of up to 600 options, against the dancer walking the same tree.
TEST_CASE("scan: leads of hundreds of options, conflict masks against testing each option and the dancer", "[scan]") {
    std::mt19937 rng(20261202);
    std::uint64_t widest = 0;  // the most options a lead holds
    for (int trial = 0; trial < 10; ++trial) {
        INFO("trial " << trial);
        const Matrix m = shuffled_scan(test::random_matrix(rng, 4, 2 + trial % 2, 100 + 30 * trial), rng);
        const SearchStats truth = count_scan<Dancer>(m);
        for (const SearchStats& s : {count_scan<test::ScanConflictMasks>(m), count_scan<test::WideScanConflictMasks>(m),
                                     count_scan<test::ScanEachOption>(m), count_scan<Scan>(m)}) {
            REQUIRE(s.solutions == truth.solutions);
            REQUIRE(s.nodes == truth.nodes);
            REQUIRE(s.updates == truth.updates);
        }
        test::ScanConflictMasks whole(m);
        whole.set_choice(kScan);
        const ScanCosts costs(m);
        for (ItemId item : m.scan_order()) widest = std::max(widest, costs.node(item, false));
        // Every prefix of a depth-1 split, replayed, below it the same as the dancer's.
        const Split split = split_at_depth(m, 1, {.choice = kScan});
        Dancer d(m);
        d.set_choice(kScan);
        for (std::size_t id = 0; id < split.size(); ++id) {
            whole.replay(split.prefix(id));
            d.replay(split.prefix(id));
            const SearchStats a = whole.count(), b = d.count();
            REQUIRE(a.solutions == b.solutions);
            REQUIRE(a.nodes == b.nodes);
            whole.unwind();
            d.unwind();
        }
    }
    CHECK(widest > 128);
}

// What a journal resumes: each slice of k nodes stops, leaves its position, and the next one
// replays it and carries on; the position sits inside a lead's chunks of conflict masks.
TEMPLATE_TEST_CASE("scan: a walk stopped anywhere resumes from its position to the same figures", "[scan][resume]", test::ScanEachOption,
                   test::ScanConflictMasks) {
    const Matrix m = make_queens(7).matrix;
    const Split split = split_at_depth(m, 1, {.choice = kScan});
    TestType e(m);
    e.set_choice(kScan);
    const std::uint64_t pristine = e.checksum();
    for (std::size_t id = 0; id < split.size(); ++id) {
        e.replay(split.prefix(id));
        const SearchStats whole = e.count();
        e.unwind();
        for (std::uint64_t k : {1, 3, 7}) {
            INFO("subproblem " << id << ", slices of " << k);
            const SearchStats sum = test::count_in_slices(e, split.prefix(id), k);
            CHECK(sum.solutions == whole.solutions);
            CHECK(sum.nodes == whole.nodes);
            CHECK(sum.updates == whole.updates);
            REQUIRE(e.checksum() == pristine);
        }
    }
}

TEST_CASE("scan: the automatic method takes conflict masks where the leads hold several options", "[scan]") {
    CHECK(Scan(make_queens(8).matrix).method() == ScanMethod::conflict_masks);
    CHECK(Scan(make_queens(8).matrix, ScanMethod::each_option).method() == ScanMethod::each_option);
    std::mt19937 rng(3);
    CHECK(Scan(test::random_matrix(rng, 20, 0, 10)).method() == ScanMethod::each_option);  // half an option a lead
}

TEST_CASE("scan: splits replay on every engine and add up to the unsplit figures", "[scan][split]") {
    const Matrix m = make_langford(8, false).matrix;
    const SearchStats whole = count_scan<Scan>(m);
    CHECK(whole.solutions == 2 * 150);  // OEIS A014552: 150 up to reversal
    for (int depth : {1, 3, 5})
        for (EngineKind engine : {EngineKind::scan, EngineKind::dlx, EngineKind::cells, EngineKind::bits}) {
            INFO("depth " << depth << ", engine " << engine_name(engine));
            const Split split = split_at_depth(m, depth, {.choice = kScan});
            const RunReport r = run_split(m, split, {}, RunOptions{.threads = 2, .engine = engine});
            CHECK(r.total.solutions == whole.solutions);
            CHECK(r.total.nodes == whole.nodes);
            CHECK(r.total.updates == whole.updates);
        }
}

// The subproblems of a scan split are weighed by MRV's paths below their prefixes: the dancer
// places a prefix cut in another rule's tree and counts below it what the scan engine does.
TEST_CASE("scan: a scan prefix placed on an MRV dancer holds the same solutions below it", "[scan][split]") {
    std::mt19937 rng(20261201);
    for (int trial = 0; trial < 60; ++trial) {
        const Matrix m = shuffled_scan(test::random_matrix(rng, 4 + trial % 6, trial % 3, 8 + trial % 11), rng);
        const Split split = split_at_depth(m, 2, {.choice = kScan});
        Dancer mrv(m);
        const std::uint64_t pristine = mrv.checksum();
        Scan scan(m);
        scan.set_choice(kScan);
        Count total = 0;
        for (std::size_t id = 0; id < split.size(); ++id) {
            INFO("trial " << trial << ", subproblem " << id);
            scan.replay(split.prefix(id));
            const Count expected = scan.count().solutions;
            scan.unwind();
            mrv.place(split.prefix(id));
            const Count found = mrv.count().solutions;
            mrv.unwind();
            REQUIRE(found == expected);
            REQUIRE(mrv.checksum() == pristine);
            total += found;
        }
        CHECK(total == test::brute_force_count(m));
    }
    Dancer d(make_queens(4).matrix);
    d.place(std::vector<OptionId>{0});                                                                          // a queen in a corner
    CHECK_THROWS_WITH(d.place(std::vector<OptionId>{1}), Catch::Contains("conflicts with an earlier choice"));  // the same row
}

TEST_CASE("scan: a prefix the scan rule would not choose is refused, and other rules are refused", "[scan][bad-input]") {
    const Problem q = make_queens(6);
    Scan e(q.matrix);
    CHECK_THROWS_WITH(e.set_choice(Choice{}), Catch::Contains("--choose scan"));
    e.set_choice(kScan);
    // Row 0 goes first: option 6 (a queen on row 1) does not hold it; option 0 does.
    CHECK_THROWS_WITH(e.push(6), Catch::Contains("does not hold the item the search chooses there"));
    CHECK_THROWS_WITH(e.push(99), Catch::Contains("does not exist"));
    e.push(0);
    CHECK_THROWS_WITH(e.push(6), Catch::Contains("conflicts with an earlier choice"));  // (1,0): the same column
    e.unwind();
    CHECK(e.count().solutions == 4);  // OEIS A000170
    std::mt19937 rng(1);
    CHECK_THROWS_WITH(Scan(test::random_matrix(rng, 200, 60, 10)),
                      Catch::Contains("the scan engine takes up to 128 items; this matrix has 260"));
    CHECK_THROWS_WITH(WideScan(test::random_matrix(rng, 250, 10, 10)), Catch::Contains("up to 256 items"));
}

TEST_CASE("scan orders: the models' go along a board's short side, pieces last; a DLX file's as given", "[scan]") {
    const Problem q = make_queens(5);
    std::vector<std::string> names;
    for (ItemId item : q.matrix.scan_order()) names.push_back(q.matrix.item(item).name);
    CHECK(names == std::vector<std::string>{"r0", "r1", "r2", "r3", "r4", "c0", "c1", "c2", "c3", "c4"});
    const Problem p = make_polyform(read_pieces_file(XCOUNT_SOURCE_DIR "/problems/pieces/pentominoes.txt"), read_board("3x20"),
                                    Orientations::free, Copies::once(), "3x20");
    const auto& order = p.matrix.scan_order();
    REQUIRE(order.size() == 72);
    // 3 rows of 20: down each column of 3 first.
    CHECK(p.matrix.item(order[0]).name == "0,0");
    CHECK(p.matrix.item(order[1]).name == "1,0");
    CHECK(p.matrix.item(order[3]).name == "0,1");
    CHECK(p.matrix.item(order[60]).name == "F");
    CHECK(count_scan<Scan>(p.matrix).solutions ==
          8);  // 2 up to symmetry, times 4 (Polyform Puzzler, puzzles/pentominoes.py: Pentominoes3x20)
    const Matrix file = test::dlx("b a c | s\na b\nc s\nb c\na\n");
    CHECK(file.scan_order() == std::vector<ItemId>{0, 1, 2});
    CHECK_THROWS_WITH(
        [] {
            MatrixBuilder b;
            b.add_item("a", Kind::primary);
            b.add_item("s", Kind::secondary);
            b.set_scan_order({1});
        }(),
        Catch::Contains("not primary"));
}
