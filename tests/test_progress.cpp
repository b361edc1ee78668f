#include <catch2/catch.hpp>

#include <algorithm>

#include "cli/count_report.hpp"
#include "cli/progress.hpp"
#include "xcount/estimate.hpp"
#include "xcount/work_model.hpp"

using xcount::WorkModel;

TEST_CASE("work model: without probes a subproblem counts as the finished ones' average", "[progress]") {
    WorkModel work(4);
    const std::vector<std::size_t> ids{0, 1, 2, 3};
    work.finished(0, 10);
    work.finished(1, 30);
    const auto c = work.calibrate(ids);
    CHECK(work.finished_total(ids) == Approx(40));
    CHECK(work.expected(2, c) + work.expected(3, c) == Approx(40));
}

TEST_CASE("work model: the finished subproblems calibrate the estimates of the rest", "[progress]") {
    WorkModel work(6);
    const std::vector<std::size_t> ids{0, 1, 2, 3, 4, 5};
    // Probes of 1000 everywhere, but subproblems really take 50 updates: the ratio learnt on
    // the finished ones makes every open one expect 50.
    for (std::size_t id : ids)
        for (int k = 0; k < 3; ++k) work.add_estimate(id, 1000);
    work.finished(0, 50);
    work.finished(1, 50);
    const auto c = work.calibrate(ids);
    for (std::size_t id = 2; id < 6; ++id) CHECK(work.expected(id, c) == Approx(50));
    CHECK(work.expected(0, c) == 50);  // finished: the actual figure

    // A bigger estimate still means more expected work, and an unprobed one sits in between.
    WorkModel mixed(3);
    mixed.add_estimate(0, 100);
    mixed.add_estimate(1, 10000);
    const auto m = mixed.calibrate({0, 1, 2});
    CHECK(mixed.expected(1, m) > mixed.expected(2, m));
    CHECK(mixed.expected(2, m) > mixed.expected(0, m));
}

TEST_CASE("work model: one wild probe moves a subproblem's estimate far less than its mean would", "[progress]") {
    WorkModel work(2);
    for (int k = 0; k < 15; ++k) work.add_estimate(0, 1000), work.add_estimate(1, 1000);
    work.add_estimate(0, 1000);
    work.add_estimate(1, 1e9);  // the mean of 16 would be 6e7, sixty thousand times the others
    const auto c = work.calibrate({0, 1});
    CHECK(work.expected(1, c) / work.expected(0, c) < 10);
}

TEST_CASE("work model: the percentage and the time left of a run, with subproblems in flight", "[progress]") {
    WorkModel work(4);
    const std::vector<std::size_t> ids{0, 1, 2, 3};
    CHECK_FALSE(xcount::estimate_progress(work, ids, {}, 2).seconds_left);  // nothing finished: no ETA yet
    work.finished(0, 10);
    CHECK_FALSE(xcount::estimate_progress(work, ids, {}, 2).seconds_left);  // one calibrates nothing
    work.finished(1, 10);
    // 2 and 3 are expected at 10 s each (the finished ones' average); 2 has run for 4 s.
    const auto p = xcount::estimate_progress(work, ids, {{2, 4.0}}, 2);
    CHECK(p.percent == Approx(100.0 * 24 / 40));
    REQUIRE(p.seconds_left);
    CHECK(*p.seconds_left == Approx(8));  // (6 + 10) s of work on 2 threads
    // One thread: it all waits on that one.
    CHECK(*xcount::estimate_progress(work, ids, {{2, 4.0}}, 1).seconds_left == Approx(16));
    // Past its estimate, a subproblem in flight still needs a twentieth of it, and the time
    // left is never less than what the biggest one in flight needs on its one thread.
    work.finished(3, 10);
    const auto late = xcount::estimate_progress(work, ids, {{2, 30.0}}, 8);
    CHECK(*late.seconds_left == Approx(0.5));
    work.finished(2, 31);
    CHECK(xcount::estimate_progress(work, ids, {}, 2).percent == 100);
}

TEST_CASE("sampled order: strata of equal size by estimate, taken in turn, random within", "[progress]") {
    std::vector<double> work(40);
    for (std::size_t id = 0; id < work.size(); ++id) work[id] = static_cast<double>(id);  // id 39 the largest
    const xcount::StratifiedOrder s = xcount::stratified_order(work, 4, 7);
    std::vector<std::size_t> sorted = s.order;
    std::sort(sorted.begin(), sorted.end());
    for (std::size_t k = 0; k < sorted.size(); ++k) CHECK(sorted[k] == k);                 // every id once
    for (std::size_t id = 0; id < work.size(); ++id) CHECK(s.stratum[id] == 3 - id / 10);  // stratum 0: the 10 largest
    // Every stretch of 4 takes one from each stratum.
    for (std::size_t from = 0; from < s.order.size(); from += 4) {
        std::vector<std::uint32_t> seen;
        for (std::size_t k = from; k < from + 4; ++k) seen.push_back(s.stratum[s.order[k]]);
        std::sort(seen.begin(), seen.end());
        CHECK(seen == std::vector<std::uint32_t>{0, 1, 2, 3});
    }
    CHECK(xcount::stratified_order(work, 4, 7).order == s.order);  // the seed decides
    CHECK(xcount::stratified_order(work, 4, 8).order != s.order);
}

TEST_CASE("sampled progress: the finished subproblems are the sample the rest is extrapolated from", "[progress]") {
    const std::vector<std::size_t> ids{0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
    const std::vector<std::uint32_t> one(10, 0);
    WorkModel work(10);
    for (std::size_t id = 0; id < 8; ++id) work.finished(id, 2.0);
    const auto p = xcount::estimate_sampled(work, ids, {}, 2, one);
    CHECK(p.percent == Approx(80));
    REQUIRE(p.seconds_left);
    CHECK(*p.seconds_left == Approx(2));  // two more of 2 s on 2 threads

    // In flight for 4.5 s: the finished that ran longer needed 0.5 to 3.5 s more, 2 s on average.
    WorkModel spread(10);
    for (std::size_t id = 0; id < 8; ++id) spread.finished(id, static_cast<double>(id + 1));
    const auto q = xcount::estimate_sampled(spread, ids, {{8, 4.5}, {9, 7.5}}, 8, one);
    REQUIRE(q.seconds_left);
    // 9 has run 7.5 s, longer than all the finished but one: it is expected to need as long again.
    CHECK(*q.seconds_left == Approx(7.5));
    const auto r = xcount::estimate_sampled(spread, ids, {{8, 4.5}, {9, 0.5}}, 1, one);
    CHECK(*r.seconds_left == Approx(2 + (36.0 - 8 * 0.5) / 8));  // 8: 2 s; 9: the mean of T - 0.5 over all 8

    // A stratum of big ones expects more than a stratum of small ones.
    const std::vector<std::uint32_t> two{0, 0, 0, 0, 0, 0, 1, 1, 1, 1};
    WorkModel mixed(10);
    for (std::size_t id : {0, 1, 2, 3, 4}) mixed.finished(id, 10.0);
    for (std::size_t id : {6, 7, 8}) mixed.finished(id, 1.0);
    const auto big = *xcount::estimate_sampled(mixed, ids, {}, 1, two).seconds_left;  // 5 and 9 open
    mixed.finished(5, 10.0);
    const auto small = *xcount::estimate_sampled(mixed, ids, {}, 1, two).seconds_left;  // 9 open
    CHECK(big - small > small);
    CHECK_FALSE(xcount::estimate_sampled(WorkModel(10), ids, {}, 2, one).seconds_left);  // nothing finished
    // Nothing finished yet, two in flight: no sample to extrapolate from, so no progress is
    // claimed (it once said 50%: each in flight counted as half done).
    const auto start = xcount::estimate_sampled(WorkModel(10), ids, {{0, 3.0}, {1, 3.0}}, 2, one);
    CHECK(start.percent == 0);
    CHECK_FALSE(start.seconds_left);
}

TEST_CASE("the report says how many subproblems a journal held finished and how many part done", "[progress][resume]") {
    using xcount::cli::resumed_text;
    CHECK(resumed_text(0, 0).empty());
    CHECK(resumed_text(388, 0) == " (388 resumed from the checkpoint)");
    CHECK(resumed_text(388, 1) == " (388 resumed from the checkpoint, 1 carried on from where it stopped)");
    CHECK(resumed_text(0, 2) == " (2 carried on from where they stopped)");
}

TEST_CASE("the progress line shows 100.0% only when every subproblem is done", "[progress]") {
    using xcount::cli::shown_percent;
    CHECK(shown_percent(99.97, false) == 99.9);  // 488 of 489 done: not "[100.0%]"
    CHECK(shown_percent(100.3, false) == 99.9);
    CHECK(shown_percent(42.5, false) == 42.5);
    CHECK(shown_percent(-1, false) == 0);
    CHECK(shown_percent(97.0, true) == 100.0);
}

TEST_CASE("Fix(g) is listed by element, a large group's zeros summed up", "[progress][fixed]") {
    using xcount::Count;
    using xcount::cli::fixed_text;
    CHECK(fixed_text({"identity", "flip-x", "flip-y", "rot180"}, {Count{9356}, 0, 0, 0}) == "identity 9356, flip-x 0, flip-y 0, rot180 0");
    std::vector<std::string> names{"identity"};
    std::vector<Count> fixed{Count{11520}};
    for (int k = 1; k < 48; ++k) names.push_back("g" + std::to_string(k)), fixed.push_back(k == 5 ? Count{96} : Count{0});
    CHECK(fixed_text(names, fixed) == "identity 11520, g5 96; 0 for the other 46");
}
