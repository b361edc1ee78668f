#include <catch2/catch.hpp>

#include "cli/progress.hpp"

using xcount::cli::WorkModel;

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
