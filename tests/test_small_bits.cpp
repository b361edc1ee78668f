#include <catch2/catch.hpp>

#include <random>
#include <string>
#include <type_traits>

#include "helpers.hpp"
#include "polyform.hpp"
#include "queens.hpp"
#include "xcount/engines.hpp"
#include "xcount/multiplicity.hpp"
#include "xcount/runner.hpp"
#include "xcount/small_bits.hpp"
#include "xcount/split.hpp"

using namespace xcount;

namespace {
// Which engine type with_engine gives a matrix under --engine bits.
template <class Engine>
bool bits_takes(const Matrix& m) {
    return with_engine_type(EngineKind::bits, m, []<class E>() { return std::is_same_v<E, Engine>; });
}

// `items` items, the first `primary` of them primary, and `each` options {i} for each item i.
Matrix single_options(int items, int primary, int each = 1) {
    MatrixBuilder b;
    for (int i = 0; i < items; ++i) b.add_item("i" + std::to_string(i), i < primary ? Kind::primary : Kind::secondary);
    for (int k = 0; k < each; ++k)
        for (ItemId i = 0; i < items; ++i) b.add_option(std::vector<ItemId>{i});
    return std::move(b).build();
}
}  // namespace

TEST_CASE("the small bits engine takes up to 256 or 512 options and 128 primary items; with_engine's bits takes it there",
          "[bits][small]") {
    REQUIRE(SmallBits::runs_here());               // every x86-64 processor since 2008
    const Matrix queens = make_queens(16).matrix;  // 256 options
    CHECK(SmallBits::fits(queens));
    CHECK(bits_takes<SmallBits>(queens));
    const Matrix q17 = make_queens(17).matrix;  // 289 options
    CHECK_FALSE(SmallBits::fits(q17));
    CHECK(SmallBits512::fits(q17));
    CHECK(bits_takes<SmallBits512>(q17));
    CHECK_THROWS_WITH(SmallBits(q17), Catch::Contains("up to 256 options; this matrix has 289"));

    const Matrix primaries = single_options(129, 129), fewer = single_options(200, 128);
    CHECK_FALSE(SmallBits::fits(primaries));
    CHECK_THROWS_WITH(SmallBits(primaries), Catch::Contains("up to 128 primary items; this matrix has 129"));
    CHECK(bits_takes<SmallBits>(single_options(100, 100)));
    CHECK(bits_takes<WideBits>(primaries));
    REQUIRE(SmallBits::fits(fewer));  // 72 secondary items past the 128 primary ones: only conflicts
    CHECK(SmallBits(fewer).count().solutions == 1);

    const Matrix many = single_options(100, 100, 6);  // 600 options
    CHECK_FALSE(SmallBits512::fits(many));
    CHECK_THROWS_WITH(SmallBits512(many), Catch::Contains("up to 512 options; this matrix has 600"));
    CHECK(bits_takes<Bits>(many));
    const Matrix tilings = make_polyform(read_pieces_file(XCOUNT_SOURCE_DIR "/problems/pieces/pentominoes.txt"), read_board("6x10"),
                                         Orientations::free, Copies::once(), "6x10")
                               .matrix;
    CHECK(bits_takes<Bits>(tilings));  // 2,056 options: the option lists
}

TEST_CASE("the small bits engine's sets span their words: 17 queens' subproblems, 289 options, have the dancer's figures",
          "[bits][small]") {
    const Matrix m = make_queens(17).matrix;
    REQUIRE(SmallBits512::fits(m));
    const Split split = split_at_depth(m, 5);
    REQUIRE(split.size() > 1000);
    SmallBits512 sets(m);
    Dancer links(m);
    const std::uint64_t pristine = sets.checksum();
    for (std::size_t id = 0; id < split.size(); id += split.size() / 12) {
        INFO("subproblem " << id);
        sets.replay(split.prefix(id));
        links.replay(split.prefix(id));
        const SearchStats whole = links.count();
        test::check_same_figures(sets.count(), whole);
        links.unwind();
        sets.unwind();
        REQUIRE(sets.checksum() == pristine);
        const SearchStats sliced = test::count_in_slices(sets, split.prefix(id), 997);
        CHECK(sliced.nodes == whole.nodes);
        CHECK(sliced.updates == whole.updates);
        REQUIRE(sets.checksum() == pristine);
    }
}

TEST_CASE("the small bits engine agrees with the dancer on random matrices of 100 to 500 options, mixed sizes", "[bits][small]") {
    // Up to 20,000 solutions each: a stop at the same place in the same tree, the same figures.
    std::mt19937 rng(2026);
    const Limits limits{.max_solutions = 20000};
    for (int trial = 0; trial < 60; ++trial) {
        const Matrix m = test::random_matrix(rng, 10 + trial % 5, 20 + trial % 10, 100 + 7 * trial);
        INFO("trial " << trial);
        Dancer links(m);
        const SearchStats expected = links.count(limits);
        if (SmallBits::fits(m)) test::check_same_figures(SmallBits(m).count(limits), expected);
        SmallBits512 sets(m);
        const std::uint64_t pristine = sets.checksum();
        test::check_same_figures(sets.count(limits), expected);
        CHECK(sets.checksum() == pristine);
        sets.set_choice({ChooseRule::first, 0});
        links.set_choice({ChooseRule::first, 0});
        test::check_same_figures(sets.count(limits), links.count(limits));
    }
}
