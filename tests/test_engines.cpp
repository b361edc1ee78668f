// The engines (dancer, cells, bits, scan): DLX1's figures, the same choices and figures across
// engines, restoration after any walk, their size limits, and which one auto takes.
#include <catch2/catch.hpp>

#include <algorithm>
#include <random>

#include "helpers.hpp"
#include "langford.hpp"
#include "latin.hpp"
#include "polyform.hpp"
#include "queens.hpp"
#include "xcount/bits.hpp"
#include "xcount/cells.hpp"
#include "xcount/dancer.hpp"
#include "xcount/runner.hpp"
#include "xcount/scan.hpp"
#include "xcount/small_bits.hpp"
#include "xcount/split.hpp"

using namespace xcount;

// The engines' contract: every engine the runner can be handed is a SearchEngine; other types
// are not (the concept can fail).
struct NotAnEngine {
    explicit NotAnEngine(const Matrix&) {}
    SearchStats count(const Limits& = {}) { return {}; }
};
static_assert(SearchEngine<Dancer> && SearchEngine<Cells> && SearchEngine<Bits> && SearchEngine<Scan>);
static_assert(!SearchEngine<NotAnEngine> && !SearchEngine<int>);

TEMPLATE_TEST_CASE("Knuth's DLX1 example has exactly one solution: {A D} {B G} {C E F}", "[dancer]", Dancer, Cells, Bits, SmallBits) {
    const Matrix m = test::dlx(test::kKnuthExample);
    TestType d(m);
    std::vector<std::vector<OptionId>> found;
    const auto stats = d.search([&](std::span<const OptionId> s) { found.emplace_back(s.begin(), s.end()); });
    CHECK(stats.solutions == 1);
    CHECK(stats.complete);
    REQUIRE(found.size() == 1);
    std::sort(found[0].begin(), found[0].end());
    CHECK(found[0] == std::vector<OptionId>{0, 3, 4});
    // The figures must not depend on whether solutions are visited.
    TestType d2(m);
    const auto counted = d2.count();
    CHECK(counted.solutions == 1);
    CHECK(counted.updates == stats.updates);
    CHECK(counted.nodes == stats.nodes);
}

TEMPLATE_TEST_CASE("n queens counts match OEIS A000170 for n = 1..12", "[dancer][queens]", Dancer, Cells, Bits, WideBits, SmallBits,
                   SmallBits512) {
    // OEIS A000170.
    const Count published[] = {1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200};
    for (int n = 1; n <= 12; ++n) {
        const Problem p = make_queens(n);
        TestType d(p.matrix);
        const std::uint64_t before = d.checksum();
        const auto stats = d.count();
        INFO("n = " << n);
        CHECK(stats.solutions == published[n - 1]);
        CHECK(d.checksum() == before);
    }
}

TEMPLATE_TEST_CASE("each engine agrees with a brute-force oracle on 300 random matrices", "[dancer][oracle]", Dancer, Cells, Bits, WideBits,
                   SmallBits, SmallBits512) {
    std::mt19937 rng(20261129);
    int with_solutions = 0;
    for (int trial = 0; trial < 300; ++trial) {
        const Matrix m = test::random_matrix(rng, 3 + trial % 6, trial % 4, 6 + trial % 13);
        TestType d(m);
        const std::uint64_t before = d.checksum();
        const auto stats = d.count();
        INFO("trial " << trial);
        REQUIRE(stats.solutions == test::brute_force_count(m));
        REQUIRE(d.checksum() == before);
        with_solutions += stats.solutions > 0 ? 1 : 0;
    }
    CHECK(with_solutions > 50);  // the oracle must be tested on matrices that have solutions
}

TEMPLATE_TEST_CASE("every way a search ends restores the engine exactly (checksum)", "[dancer][checksum]", Dancer, Cells, Bits, WideBits,
                   SmallBits, SmallBits512) {
    const Problem p = make_queens(8);
    TestType d(p.matrix);
    const std::uint64_t pristine = d.checksum();

    SECTION("a full count") { CHECK(d.count().solutions == 92); }
    SECTION("a solution limit") {
        const auto stats = d.count(Limits{.max_solutions = 5});
        CHECK(stats.solutions == 5);
        CHECK_FALSE(stats.complete);
    }
    SECTION("the stop flag, raised from the visitor in mid-search") {
        std::atomic<bool> stop{false};
        int seen = 0;
        const auto stats = d.search([&](std::span<const OptionId>) { stop = ++seen == 3; }, Limits{.stop = &stop});
        CHECK(seen == 3);
        CHECK_FALSE(stats.complete);
    }
    SECTION("the stop flag raised before the start") {
        std::atomic<bool> stop{true};
        const auto stats = d.count(Limits{.stop = &stop});
        CHECK(stats.solutions == 0);
        CHECK(stats.nodes == 0);
        CHECK_FALSE(stats.complete);
    }
    SECTION("a replayed prefix, searched below and unwound") {
        // Every first choice the search can make, replayed: the counts below add up to 92.
        Count total = 0;
        std::vector<OptionId> firsts;
        d.search([&](std::span<const OptionId> s) {
            if (std::find(firsts.begin(), firsts.end(), s[0]) == firsts.end()) firsts.push_back(s[0]);
        });
        for (OptionId o : firsts) {
            d.push(o);
            CHECK(d.checksum() != pristine);
            total += d.count().solutions;
            d.pop();
            CHECK(d.checksum() == pristine);
        }
        CHECK(total == 92);
    }
    CHECK(d.checksum() == pristine);
    CHECK(d.count().solutions == 92);  // and it still works
}

// Knuth's DLX1 (dlx1.w, from https://www-cs-faculty.stanford.edu/~knuth/programs.html), built
// from its CWEB source and run on the matrices these models write (`xcount export`), reports
// these updates (docs/benchmarks.md, "against Knuth's programs"). Every engine counts in its
// unit, so this pins all of them to an outside reference, not to each other.
TEMPLATE_TEST_CASE("the engines report DLX1's own update counts", "[dancer][dlx1]", Dancer, Cells, Bits) {
    const std::string pieces = XCOUNT_SOURCE_DIR "/problems/pieces/pentominoes.txt";
    SECTION("13 queens: 17,669,617 updates") {
        const auto stats = TestType(make_queens(13).matrix).count();
        CHECK(stats.solutions == 73712);
        CHECK(stats.updates == 17669617);
    }
    SECTION("Scott's 8x8 board with a 2x2 hole: 102,179,915 updates") {
        const Problem p = make_polyform(read_pieces_file(pieces), read_board(XCOUNT_SOURCE_DIR "/problems/boards/scott-8x8.txt"),
                                        Orientations::free, Copies::once(), "scott");
        const auto stats = TestType(p.matrix).count();
        CHECK(stats.solutions == 520);
        CHECK(stats.updates == 102179915);
    }
}

TEST_CASE("the small bits engine reports DLX1's update counts on 13 queens (Scott's board has too many options for it)", "[dancer][dlx1]") {
    const auto stats = SmallBits(make_queens(13).matrix).count();
    CHECK(stats.solutions == 73712);
    CHECK(stats.updates == 17669617);
}

TEST_CASE("the 6x10 pentomino board costs DLX1's 1,242,377,480 updates (bits, the fastest to count them)", "[dancer][dlx1]") {
    const Problem p = make_polyform(read_pieces_file(XCOUNT_SOURCE_DIR "/problems/pieces/pentominoes.txt"), read_board("6x10"),
                                    Orientations::free, Copies::once(), "6x10");
    const auto stats = Bits(p.matrix).count();
    CHECK(stats.solutions == 9356);
    CHECK(stats.updates == 1242377480);
}

// Below a replayed prefix a walk must leave every level above it as it found it, however it
// ends; the checksum covers each engine's whole state down to its depth, position included.
TEMPLATE_TEST_CASE("a search below a prefix leaves the prefix's levels exactly as it found them", "[dancer][checksum]", Dancer, Cells, Bits,
                   WideBits, SmallBits, SmallBits512, test::ScanEachOption, test::ScanConflictMasks) {
    const Problem p = make_queens(8);
    TestType d(p.matrix);
    if constexpr (std::is_base_of_v<Scan, TestType>) d.set_choice({ChooseRule::scan, 0});
    const std::uint64_t pristine = d.checksum();
    std::vector<OptionId> path;
    d.search([&](std::span<const OptionId> s) { path.assign(s.begin(), s.begin() + 2); }, Limits{.max_solutions = 1});
    REQUIRE(d.checksum() == pristine);
    d.push(path[0]);
    const std::uint64_t one = d.checksum();
    CHECK(one != pristine);
    d.push(path[1]);
    const std::uint64_t two = d.checksum();
    CHECK(two != one);
    const Count below = d.count().solutions;
    CHECK(d.checksum() == two);
    CHECK(d.count(Limits{.max_solutions = 1}).solutions == 1);
    CHECK(d.checksum() == two);
    std::vector<OptionId> position;
    const auto first = d.count(Limits{.max_nodes = 3, .position = &position});
    CHECK_FALSE(first.complete);
    CHECK(d.checksum() == two);
    d.replay(position);  // and carrying on from there finds the rest
    CHECK(first.solutions + d.count(Limits{.resume_base = 2}).solutions == below);
    CHECK(d.depth() == 2);
    CHECK(d.checksum() == two);
    d.pop();
    CHECK(d.checksum() == one);
    d.pop();
    CHECK(d.checksum() == pristine);
}

TEMPLATE_TEST_CASE("visited solutions are exact covers", "[dancer]", Dancer, Cells, Bits, SmallBits) {
    const Problem p = make_queens(6);
    TestType d(p.matrix);
    int solutions = 0;
    d.search([&](std::span<const OptionId> s) {
        ++solutions;
        std::vector<int> used(p.matrix.item_count());
        for (OptionId o : s)
            for (ItemId i : p.matrix.option(o)) ++used[static_cast<std::size_t>(i)];
        for (std::size_t i = 0; i < used.size(); ++i) CHECK(used[i] == (p.matrix.is_primary(static_cast<ItemId>(i)) ? 1 : used[i] > 0));
    });
    CHECK(solutions == 4);
}

TEMPLATE_TEST_CASE("replay refuses a prefix the search would never take", "[dancer]", Dancer, Cells, Bits, WideBits, SmallBits) {
    const Matrix m = test::dlx(test::kKnuthExample);
    TestType d(m);
    const std::uint64_t pristine = d.checksum();
    CHECK_THROWS_WITH(d.push(2), Catch::Contains("does not hold the item"));  // B C F: the search picks A
    CHECK_THROWS_WITH(d.push(99), Catch::Contains("does not exist"));
    CHECK(d.checksum() == pristine);
    d.push(1);  // A D G
    // Now the search picks B (length 1); {B G} holds B but was hidden with G.
    CHECK_THROWS_WITH(d.push(4), Catch::Contains("conflicts"));
    CHECK_THROWS_WITH(d.push(3), Catch::Contains("does not hold the item"));
    d.unwind();
    CHECK(d.checksum() == pristine);
}

TEST_CASE("the cells and bits engines make the dancer's choices: the same solutions, updates and nodes", "[dancer][cells][bits]") {
    std::mt19937 rng(7);
    for (int trial = 0; trial < 400; ++trial) {
        const Matrix m = test::random_matrix(rng, 3 + trial % 7, trial % 5, 8 + trial % 17);
        const SearchStats links = Dancer(m).count(), cells = Cells(m).count(), bits = Bits(m).count(), wide = WideBits(m).count();
        INFO("trial " << trial);
        REQUIRE(wide.solutions == links.solutions);
        REQUIRE(wide.updates == links.updates);
        REQUIRE(wide.nodes == links.nodes);
        REQUIRE(cells.solutions == links.solutions);
        REQUIRE(cells.updates == links.updates);
        REQUIRE(cells.nodes == links.nodes);
        REQUIRE(bits.solutions == links.solutions);
        REQUIRE(bits.updates == links.updates);
        REQUIRE(bits.nodes == links.nodes);
    }
    for (int n : {8, 10}) {
        const Problem q = make_queens(n);
        const SearchStats links = Dancer(q.matrix).count(), cells = Cells(q.matrix).count(), bits = Bits(q.matrix).count();
        CHECK(cells.updates == links.updates);
        CHECK(cells.nodes == links.nodes);
        CHECK(bits.updates == links.updates);
        CHECK(bits.nodes == links.nodes);
    }
}

TEST_CASE("the bits engine takes matrices of up to 128 items and refuses larger ones", "[bits]") {
    MatrixBuilder fits, too_big;
    for (int i = 0; i < 128; ++i) fits.add_item("i" + std::to_string(i), i < 100 ? Kind::primary : Kind::secondary);
    for (int i = 0; i < 129; ++i) too_big.add_item("i" + std::to_string(i), Kind::primary);
    // One option per primary item, the last 28 also taking a secondary item each (bits 100 to
    // 127, in the second word of the mask), and one more option clashing with two of those.
    for (ItemId i = 0; i < 100; ++i)
        fits.add_option(i < 72 ? std::vector<ItemId>{i} : std::vector<ItemId>{i, static_cast<ItemId>(100 + i - 72)});
    fits.add_option(std::vector<ItemId>{99, 127, 126});
    const Matrix wide = std::move(fits).build();
    CHECK(Bits::fits(wide));
    const SearchStats bits = Bits(wide).count(), links = Dancer(wide).count();
    CHECK(bits.solutions == 1);
    CHECK(bits.updates == links.updates);
    CHECK(bits.nodes == links.nodes);
    for (ItemId i = 0; i < 129; ++i) too_big.add_option(std::vector<ItemId>{i});
    const Matrix big = std::move(too_big).build();
    CHECK_FALSE(Bits::fits(big));
    CHECK_THROWS_AS(Bits(big), InputError);
    CHECK(WideBits::fits(big));  // 129 items: the wide masks take them
    CHECK(WideBits(big).count().solutions == 1);
}

TEST_CASE("the wide bits engine spans four mask words: up to 256 items, 255 of them primary", "[bits]") {
    // 240 items: 200 primary, 40 secondary (bits 200-239, in the fourth word). Each primary item
    // has an option of its own, items 160-199 also with a secondary one each, and one option
    // clashing across words (item 63 with secondaries 239 and 238) besides. One solution.
    MatrixBuilder b;
    for (int i = 0; i < 240; ++i) b.add_item("i" + std::to_string(i), i < 200 ? Kind::primary : Kind::secondary);
    for (ItemId i = 0; i < 200; ++i) b.add_option(i < 160 ? std::vector<ItemId>{i} : std::vector<ItemId>{i, static_cast<ItemId>(i + 40)});
    b.add_option(std::vector<ItemId>{63, 239, 238});
    b.add_option(std::vector<ItemId>{64, 129, 200});  // a second way to cover 64 and 129, clashing with 160's option
    b.add_option(std::vector<ItemId>{65, 130});       // and a second way for 65 and 130: two solutions in all
    const Matrix m = std::move(b).build();
    CHECK_FALSE(Bits::fits(m));
    REQUIRE(WideBits::fits(m));
    WideBits wide(m);
    const std::uint64_t pristine = wide.checksum();
    const SearchStats w = wide.count(), links = Dancer(m).count();
    CHECK(w.solutions == 2);
    CHECK(w.solutions == links.solutions);
    CHECK(w.updates == links.updates);
    CHECK(w.nodes == links.nodes);
    CHECK(wide.checksum() == pristine);
    // with_engine's bits takes the wide engine here, and every split depth adds up.
    CHECK(with_engine(Method{EngineKind::bits, Choice{}}, m, [](auto& e) { return e.count(); }).solutions == 2);
    for (int depth : {1, 2, 3}) {
        const Split split = split_at_depth(m, depth);
        const RunReport r = run_split(m, split, {}, RunOptions{.threads = 2, .engine = EngineKind::bits});
        CHECK(r.total.solutions == 2);
        CHECK(r.total.updates == links.updates);
    }

    MatrixBuilder over, primaries;
    for (int i = 0; i < 257; ++i) over.add_item("i" + std::to_string(i), Kind::primary);
    for (ItemId i = 0; i < 257; ++i) over.add_option(std::vector<ItemId>{i});
    const Matrix too_many = std::move(over).build();
    CHECK_FALSE(WideBits::fits(too_many));
    CHECK_THROWS_WITH(WideBits(too_many), Catch::Contains("up to 256 items; this matrix has 257"));
    for (int i = 0; i < 256; ++i) primaries.add_item("i" + std::to_string(i), Kind::primary);
    for (ItemId i = 0; i < 256; ++i) primaries.add_option(std::vector<ItemId>{i});
    const Matrix all_primary = std::move(primaries).build();
    CHECK_FALSE(WideBits::fits(all_primary));
    CHECK_THROWS_WITH(WideBits(all_primary), Catch::Contains("up to 255 primary items; this matrix has 256"));
    CHECK(decide_method(all_primary, {}).engine == EngineKind::dlx);
}

TEST_CASE("auto takes bits where a choice removes a good share of the options, dlx where it removes few", "[bits][engine]") {
    CHECK(conflict_density(make_queens(13).matrix) > 0.9);
    CHECK(decide_method(make_queens(13).matrix, {}).engine == EngineKind::bits);
    CHECK(decide_method(make_langford(11, false).matrix, {}).engine == EngineKind::bits);
    // Latin squares fit bits, but each option meets few others (density 9 / n^2): order 7
    // (147 primary items: bits' lists) goes to dlx; orders 5 and 6 fit bits' option sets,
    // which match the dancer at order 5's density and lose at order 6's, as on the 8x8
    // dominoes; Langford 16 (0.59) fits the sets, which win there (docs/benchmarks.md, "which
    // engine auto picks").
    const auto picks = [](const Matrix& m) { return decide_method(m, {}).engine; };
    const Matrix latin5 = make_latin(5, false).matrix, latin6 = make_latin(6, false).matrix, latin7 = make_latin(7, false).matrix;
    CHECK(SmallBits::fits(latin5));
    CHECK(SmallBits::fits(latin6));
    CHECK_FALSE(SmallBits512::fits(latin7));
    CHECK(picks(latin5) == EngineKind::bits);
    CHECK(picks(latin6) == EngineKind::dlx);
    CHECK(picks(latin7) == EngineKind::dlx);
    CHECK(decide_method(latin7, {.engine = EngineKind::bits, .choice = {}}).engine == EngineKind::bits);  // asked for: given
    const Matrix dominoes = make_polyform(read_pieces_file(XCOUNT_SOURCE_DIR "/problems/pieces/domino.txt"), read_board("8x8"),
                                          Orientations::free, Copies::any(), "8x8")
                                .matrix;
    CHECK(SmallBits::fits(dominoes));
    CHECK(picks(dominoes) == EngineKind::dlx);
    const Matrix langford16 = make_langford(16, false).matrix;
    CHECK(conflict_density(langford16) < 0.6);
    CHECK(picks(langford16) == EngineKind::bits);
}
