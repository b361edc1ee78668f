// Knuth's estimator against trees small enough to count: with fixed seeds (so the test is
// deterministic) the estimates of nodes, updates and solutions land within three standard
// errors of the truth for most seeds, and the error shrinks as the probes grow.
#include <catch2/catch.hpp>

#include <cmath>

#include "polyform.hpp"
#include "queens.hpp"
#include "xcount/estimate.hpp"
#include "xcount/plan.hpp"
#include "xcount/runner.hpp"

using namespace xcount;

namespace {

bool within(const EstimateFigure& f, double truth, double errors) { return std::abs(f.mean - truth) <= errors * f.error; }

}  // namespace

TEST_CASE("the estimate lands within its stated error of counts known exactly", "[estimate]") {
    const auto pentominoes = read_pieces_file(XCOUNT_SOURCE_DIR "/problems/pieces/pentominoes.txt");
    // 3x20 has 8 tilings among 32,978 nodes: a probe almost never meets one, so its solution
    // estimate is 0 with error 0 (the command says so); its nodes and updates are checked.
    struct Case {
        std::string name;
        Matrix matrix;
        bool solutions_seen;
    };
    const std::vector<Case> cases = {
        {"queens 8", make_queens(8).matrix, true},
        {"queens 10", make_queens(10).matrix, true},
        {"pentominoes 3x20", make_polyform(pentominoes, read_board("3x20"), Orientations::free, Copies::once(), "").matrix, false}};
    for (const auto& [name, matrix, solutions_seen] : cases) {
        const SearchStats truth = Dancer(matrix).count();
        int hits = 0;
        for (std::uint64_t seed = 1; seed <= 10; ++seed) {
            const TreeEstimate e = estimate_tree(matrix, 2000, seed);
            hits += within(e.nodes, static_cast<double>(truth.nodes), 3) && within(e.updates, static_cast<double>(truth.updates), 3) &&
                    (!solutions_seen || within(e.solutions, truth.solutions.to_double(), 3));
        }
        INFO(name << ": " << hits << " of 10 seeds within 3 standard errors");
        CHECK(hits >= 8);
    }
}

TEST_CASE("more probes, smaller error; a tree with one path is estimated exactly", "[estimate]") {
    const Matrix m = make_queens(9).matrix;
    CHECK(estimate_tree(m, 4000, 3).nodes.error < estimate_tree(m, 250, 3).nodes.error);
    // Knuth's example: the search has a single path to its one solution.
    MatrixBuilder b;
    const ItemId a = b.add_item("a", Kind::primary), c = b.add_item("c", Kind::primary);
    b.add_option({a, c});
    const TreeEstimate e = estimate_tree(std::move(b).build(), 10, 1);
    CHECK(e.nodes.mean == 2);
    CHECK(e.solutions.mean == 1);
    CHECK(e.solutions.error == 0);
}

TEST_CASE("a split's estimate is of the tree its count walks: the reduced one under a symmetry reduction", "[estimate]") {
    for (int n : {9, 10, 11}) {
        INFO("queens " << n);
        const Problem p = make_queens(n);
        const Plan plan = make_plan(p.matrix, p.symmetries, {.symmetry = SymmetryMode::reduce, .method = {}, .depth = 0});
        REQUIRE(plan.reduction);
        const RunReport exact = run_split(plan.matrix(), plan.split, {}, RunOptions{.threads = 2});
        const TreeEstimate e = estimate_split(plan.matrix(), plan.split, 20000, 5);
        CHECK(within(e.nodes, static_cast<double>(exact.total.nodes), 3));
        CHECK(within(e.updates, static_cast<double>(exact.total.updates), 3));
        CHECK(within(e.solutions, exact.total.solutions.to_double(), 3));  // all of them, weighted
        // Not the whole tree's: the reduction walks about an eighth of it.
        CHECK(e.nodes.mean * 4 < static_cast<double>(Dancer(p.matrix).count().nodes));
    }
}

// Planning a split can take minutes on a large matrix (the symmetries' check, the probes behind
// the depth and the order): a raised stop must end every step of it at once, leaving the
// engines as they were.
TEST_CASE("a raised stop ends the group's check, splitting, planning, ordering and probing at once", "[estimate][plan][stop]") {
    const Problem queens = xcount::make_queens(12);
    const Matrix& m = queens.matrix;
    std::atomic<bool> stop{true};
    CHECK_THROWS_AS(split_at_depth(m, 3, {}, {}, &stop), Stopped);
    CHECK_THROWS_AS(split_automatically(m, 64, {}, 0, {}, &stop), Stopped);
    PlanRequest reduced;
    reduced.symmetry = SymmetryMode::reduce;
    reduced.stop = &stop;
    CHECK_THROWS_AS(make_plan(m, queens.symmetries, reduced), Stopped);
    // Checking that each symmetry is an automorphism takes a second on 1000 queens.
    CHECK_THROWS_AS(Group::generate(m, queens.symmetries, &stop), Stopped);
    PlanRequest at_depth_2;
    at_depth_2.depth = 2;
    const Plan plan = make_plan(m, queens.symmetries, at_depth_2);
    CHECK_THROWS_AS(subproblem_work(m, plan.split, 4, 1, &stop), Stopped);
    CHECK_THROWS_AS(schedule(plan, &stop), Stopped);
    CHECK(estimate_tree(m, 1000, 1, {}, &stop).probes == 0);
    CHECK(estimate_split(m, plan.split, 1000, 1, &stop).probes == 0);

    Dancer dancer(m);
    dancer.place(plan.split.prefix(7));
    const std::uint64_t placed = dancer.checksum();
    std::mt19937_64 rng(1);
    CHECK_THROWS_AS(probe_below(dancer, rng, &stop), Stopped);
    CHECK(dancer.checksum() == placed);
    CHECK(dancer.depth() == 2);

    stop = false;  // not raised: the same calls finish, and the estimate has every probe
    CHECK(estimate_tree(m, 100, 1, {}, &stop).probes == 100);
    CHECK(split_at_depth(m, 2, {}, {}, &stop).size() == plan.split.size());
}
