#include <array>
// Item-choice rules: every rule counts the same solutions (the tree changes, the total does
// not), both engines make the same choices under every rule, and a random rule with a fixed
// seed splits and replays: the subproblems add up to the unsplit search figure for figure.
#include <catch2/catch.hpp>

#include <random>

#include "helpers.hpp"
#include "queens.hpp"
#include "xcount/bits.hpp"
#include "xcount/cells.hpp"
#include "xcount/dancer.hpp"
#include "xcount/runner.hpp"
#include "xcount/scan.hpp"
#include "xcount/small_bits.hpp"
#include "xcount/split.hpp"

using namespace xcount;

namespace {

const ChooseRule kRules[] = {ChooseRule::mrv,    ChooseRule::first,      ChooseRule::max,
                             ChooseRule::random, ChooseRule::mrv_random, ChooseRule::scan};

template <class Engine>
SearchStats count_with(const Matrix& m, Choice choice) {
    return test::count_restoring<Engine>(m, choice);
}

}  // namespace

TEST_CASE("every choice rule counts the same solutions, on every engine alike", "[choice]") {
    std::mt19937 rng(42);
    for (int trial = 0; trial < 150; ++trial) {
        const Matrix m = test::random_matrix(rng, 3 + trial % 6, trial % 3, 6 + trial % 12);
        const Count truth = test::brute_force_count(m);
        for (ChooseRule rule : kRules) {
            const Choice choice{rule, static_cast<std::uint64_t>(trial)};
            INFO("trial " << trial << ", rule " << static_cast<int>(rule));
            const SearchStats links = count_with<Dancer>(m, choice), cells = count_with<Cells>(m, choice);
            REQUIRE(links.solutions == truth);
            REQUIRE(cells.solutions == truth);
            REQUIRE(cells.updates == links.updates);
            REQUIRE(cells.nodes == links.nodes);
            const SearchStats bits = count_with<Bits>(m, choice);
            REQUIRE(bits.solutions == truth);
            REQUIRE(bits.updates == links.updates);
            REQUIRE(bits.nodes == links.nodes);
            const SearchStats wide = count_with<WideBits>(m, choice);
            REQUIRE(wide.solutions == truth);
            REQUIRE(wide.nodes == links.nodes);
            const SearchStats small = count_with<SmallBits>(m, choice);
            REQUIRE(small.solutions == truth);
            REQUIRE(small.updates == links.updates);
            REQUIRE(small.nodes == links.nodes);
            if (rule == ChooseRule::scan) {
                for (const SearchStats& scan : {count_with<Scan>(m, choice), count_with<WideScan>(m, choice)}) {
                    REQUIRE(scan.solutions == truth);
                    REQUIRE(scan.updates == links.updates);
                    REQUIRE(scan.nodes == links.nodes);
                }
            }
        }
    }
    const Problem q = make_queens(8);
    for (ChooseRule rule : kRules) CHECK(count_with<Dancer>(q.matrix, {rule, 7}).solutions == 92);
}

TEST_CASE("the rule changes the tree: first and max search more than mrv on 8 queens", "[choice]") {
    const Problem q = make_queens(8);
    const Matrix& m = q.matrix;
    const auto mrv = count_with<Dancer>(m, {ChooseRule::mrv, 0});
    CHECK(count_with<Dancer>(m, {ChooseRule::first, 0}).nodes > mrv.nodes);
    CHECK(count_with<Dancer>(m, {ChooseRule::max, 0}).nodes > mrv.nodes);
    // Different seeds, different trees; the same seed, the same tree.
    const auto a = count_with<Dancer>(m, {ChooseRule::random, 1}), b = count_with<Dancer>(m, {ChooseRule::random, 2});
    CHECK(a.nodes != b.nodes);
    CHECK(count_with<Cells>(m, {ChooseRule::random, 1}).nodes == a.nodes);
    CHECK(count_with<Bits>(m, {ChooseRule::random, 1}).nodes == a.nodes);
    CHECK(count_with<SmallBits>(m, {ChooseRule::random, 1}).nodes == a.nodes);
}

TEST_CASE("a random rule with a fixed seed splits: subproblems add up to the unsplit search", "[choice][split]") {
    const Problem q = make_queens(9);
    for (ChooseRule rule : {ChooseRule::random, ChooseRule::mrv_random}) {
        const Choice choice{rule, 2026};
        const SearchStats whole = count_with<Dancer>(q.matrix, choice);
        for (int depth : {1, 2, 4})
            for (int threads : {1, 2, 3}) {
                INFO("rule " << static_cast<int>(rule) << ", depth " << depth << ", threads " << threads);
                const Split split = split_at_depth(q.matrix, depth, {.choice = choice});
                const RunReport r =
                    run_split(q.matrix, split, {},
                              RunOptions{.threads = threads,
                                         .engine = std::array{EngineKind::bits, EngineKind::dlx, EngineKind::cells}[threads % 3]});
                CHECK(r.total.solutions == whole.solutions);
                CHECK(r.total.updates == whole.updates);
                CHECK(r.total.nodes == whole.nodes);
            }
    }
}

TEST_CASE("choose_position: ties go to the lowest id, random draws stay among the candidates", "[choice]") {
    const std::vector<std::uint64_t> lengths{3, 5, 1, 5, 1};
    const std::vector<OptionId> path{4, 7};
    CHECK(choose_position({ChooseRule::first, 0}, lengths, path) == 0);
    CHECK(choose_position({ChooseRule::max, 0}, lengths, path) == 1);  // the first of the longest, not the last
    for (std::uint64_t seed = 0; seed < 50; ++seed) {
        const std::size_t fewest = choose_position({ChooseRule::mrv_random, seed}, lengths, path);
        CHECK((fewest == 2 || fewest == 4));
        CHECK(choose_position({ChooseRule::random, seed}, lengths, path) < lengths.size());
        CHECK(choose_position({ChooseRule::random, seed}, lengths, path) == choose_position({ChooseRule::random, seed}, lengths, path));
    }
}
