// The runner: subproblems on threads, their results into slots, totals summed by id; stops,
// resumes, schedules, failures and profiles.
#include <catch2/catch.hpp>

#include <algorithm>
#include <atomic>
#include <numeric>
#include <random>
#include <stdexcept>
#include <thread>

#include <omp.h>

#include "helpers.hpp"
#include "queens.hpp"
#include "xcount/bits.hpp"
#include "xcount/cells.hpp"
#include "xcount/estimate.hpp"
#include "xcount/runner.hpp"
#include "xcount/small_bits.hpp"
#include "xcount/symmetry.hpp"

using namespace xcount;

void check_same_figures(const RunReport& a, const RunReport& b) {
    CHECK(a.total.solutions == b.total.solutions);
    CHECK(a.total.updates == b.total.updates);
    CHECK(a.total.nodes == b.total.nodes);
}

TEST_CASE("a run stopped inside its subproblems carries on from their positions to the same figures", "[runner][resume]") {
    const Problem queens = make_queens(10);
    const Matrix& m = queens.matrix;
    const Group group = Group::generate(m, queens.symmetries);
    // Every engine under MRV; the scan engine on its own rule, and the dancer on it.
    const std::pair<EngineKind, ChooseRule> runs_on[] = {{EngineKind::dlx, ChooseRule::mrv},
                                                         {EngineKind::bits, ChooseRule::mrv},
                                                         {EngineKind::cells, ChooseRule::mrv},
                                                         {EngineKind::scan, ChooseRule::scan},
                                                         {EngineKind::dlx, ChooseRule::scan}};
    for (int depth : {0, 2})
        for (const auto& [engine, rule] : runs_on)
            for (int threads : {1, 3}) {
                INFO("depth " << depth << ", engine " << engine_name(engine) << ", rule " << static_cast<int>(rule) << ", " << threads
                              << " threads");
                const Split split = split_at_depth(m, depth, {.choice = Choice{rule, 0}});
                const RunReport whole = run_split(m, split, {}, RunOptions{.threads = threads, .engine = engine, .group = &group});
                REQUIRE(whole.total.solutions == 724);  // OEIS A000170
                std::vector<SubproblemResult> known;
                std::size_t runs = 0, partials = 0;
                RunReport report;
                do {
                    REQUIRE(++runs < 2000);
                    // Slices of 37 nodes, the run stopped after 300 nodes; each run starts from the last.
                    Stop budget(nullptr, {.max_nodes = 300});
                    report = run_split(m, split, known,
                                       RunOptions{.threads = threads,
                                                  .engine = engine,
                                                  .group = &group,
                                                  .stop = &budget,
                                                  .slice_nodes = 37,
                                                  .on_partial = [&](std::size_t, const SubproblemResult& r, bool) {
                                                      ++partials;
                                                      CHECK(r.partial());
                                                  }});
                    known = report.results;
                } while (!report.total.complete);
                CHECK(runs > 2);
                CHECK(partials > runs);
                check_same_figures(report, whole);
                CHECK(report.fixed == whole.fixed);
            }
}

TEST_CASE("largest-first: a permutation of the subproblems, big ones first, and the same totals", "[runner][schedule]") {
    const Matrix m = make_queens(11).matrix;
    const Split split = split_at_depth(m, 2);
    const std::vector<std::size_t> order = largest_first(m, split, 16, 5);
    std::vector<std::size_t> sorted = order;
    std::sort(sorted.begin(), sorted.end());
    std::vector<std::size_t> ids(split.size());
    std::iota(ids.begin(), ids.end(), std::size_t{0});
    CHECK(sorted == ids);
    const RunReport by_id = run_split(m, split, {}, RunOptions{.threads = 2});
    // The first tenth of the order holds more of the work than the last tenth (11 queens at depth 2: about 2.1 times).
    const std::size_t tenth = order.size() / 10;
    std::uint64_t first = 0, last = 0;
    for (std::size_t k = 0; k < tenth; ++k)
        first += by_id.results[order[k]].stats.updates, last += by_id.results[order[order.size() - 1 - k]].stats.updates;
    CHECK(2 * first > 3 * last);
    for (int threads : {1, 3}) {
        const RunReport scheduled = run_split(m, split, {}, RunOptions{.threads = threads, .order = &order});
        CHECK(scheduled.total.solutions == 2680);  // OEIS A000170
        check_same_figures(scheduled, by_id);
        CHECK(scheduled.own == by_id.own);
    }
}

// The engines try a node's options in option order alike, so a position one engine stopped at
// means the same work done to every other.
TEST_CASE("a subproblem one engine stopped part way is carried on by any other to the same figures", "[runner][resume]") {
    const Matrix m = make_queens(10).matrix;
    const Split split = split_at_depth(m, 0);
    const RunReport whole = run_split(m, split, {}, RunOptions{.threads = 1});
    for (EngineKind first : {EngineKind::bits, EngineKind::cells, EngineKind::dlx})
        for (EngineKind then : {EngineKind::cells, EngineKind::dlx, EngineKind::bits}) {
            INFO(engine_name(first) << " then " << engine_name(then));
            Stop budget(nullptr, {.max_nodes = 3000});
            const RunReport stopped =
                run_split(m, split, {}, RunOptions{.threads = 1, .engine = first, .stop = &budget, .slice_nodes = 100});
            REQUIRE(stopped.results[0].partial());
            const RunReport rest = run_split(m, split, stopped.results, RunOptions{.threads = 1, .engine = then, .slice_nodes = 100});
            CHECK(rest.total.solutions == 724);  // OEIS A000170
            check_same_figures(rest, whole);
        }
}

TEST_CASE("the runner's totals are identical for every thread count and depth", "[runner]") {
    for (const test::Case& c : test::split_cases()) {
        const SearchStats whole = Dancer(c.matrix).count();
        for (int depth : {0, 1, 2, 3, -1}) {
            const Split split = depth < 0 ? split_automatically(c.matrix, 64) : split_at_depth(c.matrix, depth);
            for (int threads : {1, 2, 3, 4}) {
                const EngineKind engine = std::array{EngineKind::bits, EngineKind::dlx, EngineKind::cells}[threads % 3];
                INFO(c.name << ", depth " << depth << ", threads " << threads << ", engine " << static_cast<int>(engine));
                const RunReport r = run_split(c.matrix, split, {}, RunOptions{.threads = threads, .engine = engine});
                CHECK(r.total.complete);
                CHECK(r.total.solutions == whole.solutions);
                CHECK(r.total.updates == whole.updates);
                CHECK(r.total.nodes == whole.nodes);
                CHECK(r.finished_now == split.size());
            }
        }
    }
}

TEST_CASE("a raised stop abandons the run and says why", "[runner][stop]") {
    const Matrix m = make_queens(10).matrix;
    const Split split = split_at_depth(m, 2);
    SECTION("raised by hand") {
        Stop stop;
        std::size_t seen = 0;
        const RunReport r =
            run_split(m, split, {}, RunOptions{.threads = 2, .stop = &stop, .on_finished = [&](std::size_t, const SubproblemResult&) {
                                                   if (++seen == 5) stop.raise();
                                               }});
        CHECK_FALSE(r.total.complete);
        CHECK(r.finished_now >= 5);
        CHECK(r.finished_now < split.size());
        CHECK(stop.cause() == StopCause::raised);
    }
    SECTION("the caller's flag, heard by the watcher while the run goes on") {
        std::atomic<bool> flag{false};
        Stop stop(&flag);
        std::size_t seen = 0;
        const RunReport r =
            run_split(m, split, {}, RunOptions{.threads = 1, .stop = &stop, .on_finished = [&](std::size_t, const SubproblemResult&) {
                                                   if (++seen == 5) flag = true;
                                                   if (seen > 5) std::this_thread::sleep_for(std::chrono::milliseconds(5));
                                               }});
        CHECK_FALSE(r.total.complete);
        CHECK(r.finished_now < split.size());
        CHECK(stop.cause() == StopCause::flag);
    }
    SECTION("a node budget: the cause is the nodes, and what ran is within the budget and a subproblem") {
        Stop stop(nullptr, {.max_nodes = 2000});
        const RunReport r = run_split(m, split, {}, RunOptions{.threads = 1, .stop = &stop});
        CHECK_FALSE(r.total.complete);
        CHECK(stop.cause() == StopCause::nodes);
        CHECK_FALSE(stop.raised());
    }
}

TEST_CASE("a Stop's time limit ends a run part way, counted from the time it is given", "[runner][stop]") {
    SECTION("a limit already past when the Stop is made: nothing runs") {
        const Matrix m = make_queens(8).matrix;
        Stop stop(nullptr, {.max_seconds = 1}, Stop::Clock::now() - std::chrono::seconds(2));
        CHECK(stop.raised());
        const RunReport r = run_split(m, split_at_depth(m, 2), {}, RunOptions{.threads = 2, .stop = &stop});
        CHECK_FALSE(r.total.complete);
        CHECK(r.finished_now == 0);
        CHECK(stop.cause() == StopCause::time);
    }
    SECTION("a limit that passes while the run goes on: it stops inside a subproblem") {
        const Matrix m = make_queens(16).matrix;  // several seconds unsplit
        const auto start = Stop::Clock::now();
        Stop stop(nullptr, {.max_seconds = 0.1});
        const RunReport r = run_split(m, split_at_depth(m, 0), {}, RunOptions{.threads = 1, .stop = &stop, .slice_nodes = 1u << 20});
        const double seconds = std::chrono::duration<double>(Stop::Clock::now() - start).count();
        CHECK_FALSE(r.total.complete);
        CHECK(r.results[0].partial());
        CHECK(stop.cause() == StopCause::time);
        CHECK(seconds < 5);
    }
}

TEST_CASE("an exception thrown on a solving thread reaches the caller, never terminates", "[runner]") {
    const Matrix m = make_queens(9).matrix;
    const Split split = split_at_depth(m, 2);
    for (EngineKind engine : {EngineKind::dlx, EngineKind::cells, EngineKind::bits})
        for (int threads : {1, 2, 4}) {
            std::atomic<int> calls{0};
            auto fail_third = [&](std::size_t) {
                if (++calls == 3) throw InputError("forced failure");
            };
            RunOptions started{.threads = threads, .engine = engine, .on_started = fail_third};
            CHECK_THROWS_WITH(run_split(m, split, {}, started), "forced failure");
            calls = 0;
            RunOptions finished{
                .threads = threads, .engine = engine, .on_finished = [&](std::size_t id, const SubproblemResult&) { fail_third(id); }};
            CHECK_THROWS_WITH(run_split(m, split, {}, finished), "forced failure");
        }
}

// libgomp keeps a pool of threads for a team at the top level only: a team nested in another,
// even in a team of one, is started afresh at every parallel region, hundreds of times in a
// count by layers.
TEST_CASE("an engine that shares one subproblem among the threads runs in no enclosing team", "[runner]") {
    const Matrix m = make_queens(8).matrix;
    for (int threads : {1, 2, 3}) {
        INFO("threads " << threads);
        std::atomic<int> level{-1};
        const RunOptions options{
            .threads = threads, .engine = EngineKind::frontier, .on_started = [&](std::size_t) { level = omp_get_level(); }};
        const RunReport r = run_split(m, split_at_depth(m, 0), {}, options);
        CHECK(r.total.solutions == 92);  // OEIS A000170 a(8)
        CHECK(level == 0);
    }
}

TEST_CASE("results known beforehand are skipped and counted", "[runner]") {
    const Matrix m = make_queens(9).matrix;
    const Split split = split_at_depth(m, 2);
    const RunReport full = run_split(m, split, {}, RunOptions{.threads = 2});
    std::vector<SubproblemResult> known = full.results;
    for (std::size_t id = 0; id < known.size(); id += 2) known[id] = SubproblemResult{};
    const RunReport resumed = run_split(m, split, known, RunOptions{.threads = 2});
    CHECK(resumed.total.solutions == 352);  // OEIS A000170
    CHECK(resumed.total.updates == full.total.updates);
    CHECK(resumed.finished_now == (split.size() + 1) / 2);
}

TEST_CASE("the per-level profile sums to the totals and is the same for every split, thread count and engine", "[runner][profile]") {
    for (const test::Case& c : test::split_cases()) {
        LevelProfile whole;
        Dancer d(c.matrix);
        d.set_profile(&whole);
        const SearchStats total = d.count();
        std::uint64_t nodes = 0, updates = 0;
        for (std::size_t k = 0; k < whole.nodes.size(); ++k) nodes += whole.nodes[k], updates += whole.updates[k];
        INFO(c.name);
        CHECK(nodes == total.nodes);
        CHECK(updates == total.updates);
        if (!whole.nodes.empty()) CHECK(whole.nodes[0] == (total.nodes > 0 ? 1u : 0u));
        for (int depth : {0, 2, 4})
            for (EngineKind engine : {EngineKind::dlx, EngineKind::cells, EngineKind::bits}) {
                const int threads = engine == EngineKind::dlx ? 1 : 3;
                const Split split = split_at_depth(c.matrix, depth);
                const RunReport r = run_split(c.matrix, split, {}, RunOptions{.threads = threads, .engine = engine, .profile = true});
                INFO("depth " << depth << ", threads " << threads << ", engine " << static_cast<int>(engine));
                CHECK(r.profile.nodes == whole.nodes);
                CHECK(r.profile.updates == whole.updates);
            }
    }
}
