// The memo engine: counts equal to a brute force over option subsets on random matrices
// (primary and secondary items, colours, multiplicities expanded) under every rule, with
// tables down to one entry (evicting all the time), split, threaded, sharded and in slices;
// equal to the enumerating engines; and the published domino and tromino counts, past 2^64.
#include <catch2/catch.hpp>
#include <sys/resource.h>
#include <unistd.h>

#include <fstream>
#include <random>

#include "helpers.hpp"
#include "polyform.hpp"
#include "xcount/memo.hpp"
#include "xcount/multiplicity.hpp"
#include "xcount/runner.hpp"
#include "xcount/split.hpp"

using namespace xcount;

namespace {

const std::string kPieces = XCOUNT_SOURCE_DIR "/problems/pieces/";
constexpr Choice kScan{ChooseRule::scan, 0};

// A whole count by a memo engine on a table of at most `bytes`, leaving the engine as it found it.
SearchStats memo_count(const Matrix& m, Choice choice, std::size_t bytes, bool reversed = false) {
    Memo128::Table table(bytes);
    Memo128 e(m);
    e.share_table(&table);
    e.set_choice(choice);
    e.set_reversed(reversed);
    const std::uint64_t before = e.checksum();
    const SearchStats s = e.count();
    REQUIRE(e.checksum() == before);
    return s;
}

Problem tiling(const std::string& pieces, const std::string& board) {
    return make_polyform(read_pieces_file(kPieces + pieces + ".txt"), read_board(board), Orientations::free, Copies::any(), board);
}

Count memo_total(const Matrix& m, int threads, int depth, std::size_t bytes = 0) {
    const RunReport r = run_split(m, split_at_depth(m, depth, {.choice = kScan}), {},
                                  RunOptions{.threads = threads, .engine = EngineKind::memo, .memo_bytes = bytes});
    REQUIRE(r.total.complete);
    return r.total.solutions;
}

}  // namespace

TEST_CASE("memo: counts what brute force counts on random matrices, under every rule and table size", "[memo][oracle]") {
    std::mt19937 rng(36);
    int merged = 0;
    for (int trial = 0; trial < 300; ++trial) {
        const bool coloured = trial % 2 == 1;
        const Matrix m = coloured ? test::random_coloured_matrix(rng, 3 + trial % 6, 1 + trial % 4, 6 + trial % 13, 1 + trial % 3)
                                  : test::random_matrix(rng, 3 + trial % 6, trial % 4, 6 + trial % 13);
        INFO("trial " << trial);
        const Count truth = test::brute_force_count(m);
        for (ChooseRule rule : {ChooseRule::scan, ChooseRule::mrv, ChooseRule::first, ChooseRule::random})
            for (std::size_t bytes : {std::size_t{1}, std::size_t{200}, std::size_t{1} << 20}) {
                const SearchStats s = memo_count(m, Choice{rule, 5}, bytes, bytes == 200);
                REQUIRE(s.solutions == truth);
                merged += s.merged > 0;
            }
    }
    CHECK(merged > 100);  // the oracle saw states merged, not only walked
}

TEST_CASE("memo: walks the tree of every rule as the dancer does, replaying its splits", "[memo]") {
    std::mt19937 rng(361);
    for (int trial = 0; trial < 120; ++trial) {
        const Matrix m = test::random_coloured_matrix(rng, 4 + trial % 5, 2 + trial % 3, 10 + trial % 9, 2);
        INFO("trial " << trial);
        const Count truth = test::brute_force_count(m);
        for (ChooseRule rule : {ChooseRule::mrv, ChooseRule::scan}) {
            const Choice choice{rule, 0};
            for (int depth : {1, 2, 4}) {
                const Split split = split_at_depth(m, depth, {.choice = choice});
                for (int threads : {1, 2}) {
                    const RunReport r =
                        run_split(m, split, {}, RunOptions{.threads = threads, .engine = EngineKind::memo, .memo_bytes = 64});
                    REQUIRE(r.total.solutions == truth);
                }
            }
        }
    }
}

TEST_CASE("memo: the expansion of multiplicities counts what brute force counts on the matrix as written", "[memo][multiplicity]") {
    std::mt19937 rng(3636);
    for (int trial = 0; trial < 150; ++trial) {
        std::string text = "2:3|p0 p1 1:2|p2 p3 | s0 s1\n";
        std::uniform_int_distribution<int> item(0, 5), size(1, 3);
        const char* names[] = {"p0", "p1", "p2", "p3", "s0", "s1"};
        for (int k = 0; k < 6 + trial % 8; ++k) {
            std::vector<int> items;
            for (int want = size(rng); static_cast<int>(items.size()) < want;)
                if (const int i = item(rng); std::find(items.begin(), items.end(), i) == items.end()) items.push_back(i);
            for (int i : items) text += std::string(" ") + names[i];
            text += "\n";
        }
        INFO(text);
        const Matrix m = test::dlx(text);
        const ExpandedMatrix e = expand_multiplicities(m);
        REQUIRE(memo_count(e.matrix, kScan, 100).solutions == test::brute_force_count(m));
    }
}

TEST_CASE("memo: a subproblem walked in slices, the table kept between them, counts what one walk counts", "[memo]") {
    const Problem p = tiling("domino", "6x8");
    Memo128 e(p.matrix);
    e.set_choice(kScan);
    const Split split = split_at_depth(p.matrix, 3, {.choice = kScan});
    for (bool reversed : {false, true}) {
        e.set_reversed(reversed);
        Count sum = split.above().solutions;
        for (std::size_t id = 0; id < split.size(); ++id) sum += test::count_in_slices(e, split.prefix(id), 7).solutions;
        CHECK(sum == 167089);  // OEIS A099390 (6 x 8)
    }
}

TEST_CASE("memo: totals are the same for every thread count, depth, shard split and table size", "[memo]") {
    const Problem p = tiling("domino", "6x8");
    constexpr Count kTilings = 167089;  // OEIS A099390 (6 x 8)
    for (int threads : {1, 2})
        for (int depth : {0, 3, 9})
            for (std::size_t bytes : {std::size_t{100}, std::size_t{10000}, std::size_t{0}}) {
                INFO(threads << " threads, depth " << depth << ", table " << bytes);
                CHECK(memo_total(p.matrix, threads, depth, bytes) == kTilings);
            }
    const Split split = split_at_depth(p.matrix, 5, {.choice = kScan});
    Count shards = 0;
    for (std::size_t k = 0; k < 3; ++k)
        shards += run_split(p.matrix, split, {}, RunOptions{.threads = 2, .engine = EngineKind::memo, .shard_index = k, .shard_count = 3})
                      .total.solutions;
    CHECK(shards == kTilings);
}

TEST_CASE("memo: the enumerating engines and the memo engine agree on tilings they can both count", "[memo]") {
    for (const auto& [pieces, board] : {std::pair{"domino", "6x6"}, {"trominoes", "6x6"}, {"tetrominoes", "4x5"}, {"domino", "5x8"}}) {
        const Problem p = tiling(pieces, board);
        INFO(pieces << " on " << board);
        const SearchStats dlx = test::count_restoring<Dancer>(p.matrix, kScan);
        CHECK(memo_count(p.matrix, kScan, 1 << 20).solutions == dlx.solutions);
        CHECK(memo_count(p.matrix, Choice{}, 1 << 20).solutions == dlx.solutions);
        CHECK(memo_count(p.matrix, kScan, 300).solutions == dlx.solutions);
    }
}

TEST_CASE("memo: Fix(g) counted on the fixed problems by the memo engine is what the dancer finds there", "[memo][symmetry]") {
    const Problem p = tiling("domino", "6x6");
    const Group group = Group::generate(p.matrix, p.symmetries);
    const auto by_memo = recount_fixed(p.matrix, group, 6728, Method{EngineKind::memo, Choice{ChooseRule::scan, 0}});
    const auto by_dancer = recount_fixed(p.matrix, group, 6728, Method{EngineKind::dlx, Choice{}});
    REQUIRE(by_memo);
    CHECK(*by_memo == *by_dancer);
    CHECK(burnside(*by_memo));
}

TEST_CASE("memo: published counts past 2^64 (dominoes on 14x14, trominoes on 9x12)", "[memo][published]") {
    // OEIS A004003 a(7): far past 2^64, so a 64-bit counter (DLX6's) wraps.
    const Problem dominoes = tiling("domino", "14x14");
    CHECK(to_string(memo_total(dominoes.matrix, 2, 6)) == "112202208776036178000000");
    // Project Euler problem 161: the I and L trominoes on 9 x 12.
    const Problem trominoes = tiling("trominoes", "9x12");
    CHECK(to_string(memo_total(trominoes.matrix, 2, 4)) == "20574308184277971");
}

TEST_CASE("auto takes a merging engine under the scan rule where the states are surely few, and only there", "[memo][frontier]") {
    CHECK(memo_pays(tiling("domino", "16x16").matrix));
    CHECK(memo_pays(tiling("trominoes", "9x12").matrix));
    const Problem pentominoes =
        make_polyform(read_pieces_file(kPieces + "pentominoes.txt"), read_board("6x10"), Orientations::free, Copies::once(), "6x10");
    CHECK_FALSE(memo_pays(pentominoes.matrix));
    CHECK_FALSE(frontier_pays(pentominoes.matrix, false));
    // Where both merging engines pay, counting by layers goes first; under another rule, neither.
    CHECK(decide_method(tiling("domino", "8x8").matrix, {.choice = kScan}).engine == EngineKind::frontier);
    CHECK_FALSE(decide_method(tiling("domino", "8x8").matrix, {.choice = Choice{}}).merges());
    // Past the memo engine's 1,024 bits, by layers: dominoes on 4 x 300.
    CHECK_FALSE(memo_pays(tiling("domino", "4x300").matrix));
    CHECK(frontier_pays(tiling("domino", "4x300").matrix, false));
}

TEST_CASE("memo: a state wider than 1,024 bits is refused with the reason", "[memo]") {
    const Problem p = tiling("domino", "33x32");
    CHECK_THROWS_WITH(Memo1024(p.matrix), Catch::Contains("up to 1024 bits") && Catch::Contains("needs 1056"));
}

#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || __has_feature(memory_sanitizer)
#define XCOUNT_SANITIZED 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define XCOUNT_SANITIZED 1
#endif

TEST_CASE("memo: a table the system refuses memory stops growing and evicts, and the count stays exact", "[memo][memory]") {
#ifdef XCOUNT_SANITIZED
    SUCCEED("a sanitizer reserves terabytes of address space: no address-space limit can be set under it");
#else
    const Problem dominoes = tiling("domino", "14x14");
    Memo256 engine(dominoes.matrix);
    engine.set_choice(kScan);
    std::ifstream statm("/proc/self/statm");
    std::uint64_t pages = 0;
    statm >> pages;
    rlimit old{};
    REQUIRE(getrlimit(RLIMIT_AS, &old) == 0);
    rlimit tight = old;
    tight.rlim_cur = pages * static_cast<std::uint64_t>(sysconf(_SC_PAGESIZE)) + (std::uint64_t{12} << 20);  // 12 MiB more than now
    REQUIRE(setrlimit(RLIMIT_AS, &tight) == 0);
    SearchStats s;
    MemoFigures f;
    {
        Memo256::Table table(std::size_t{1} << 30);  // a bound of 1 GiB: the system refuses long before
        engine.share_table(&table);
        s = engine.count();
        f = table.figures();
        engine.share_table(nullptr);
    }
    setrlimit(RLIMIT_AS, &old);
    CHECK(f.growth_refused);
    CHECK(f.evicted > 0);
    CHECK(f.bytes < (std::size_t{12} << 20));
    CHECK(to_string(s.solutions) == "112202208776036178000000");  // OEIS A004003 a(7)
#endif
}
