// src/cli/progress.hpp: a one-line progress display on stderr, redrawn at most four times a
// second by its own thread:
//
//     [ 41.5%] 733/1771 subproblems | 3871 solutions | 281.4 M updates/s | 0:12 elapsed | ETA 0:17
//
// The percentage counts finished subproblems; the ETA extrapolates the rate since the start.
#pragma once

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>

#include "xcount/runner.hpp"

namespace xcount::cli {

class ProgressDisplay {
public:
    ProgressDisplay(std::size_t total, std::size_t already_done, bool enabled);
    ~ProgressDisplay();  // erases the line
    ProgressDisplay(const ProgressDisplay&) = delete;
    ProgressDisplay& operator=(const ProgressDisplay&) = delete;

    void finished(const SubproblemResult& result);

private:
    void draw();
    void loop();

    const std::size_t total_;
    const std::size_t resumed_;
    const std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
    std::mutex mutex_;
    std::condition_variable wake_;
    bool quit_ = false;
    std::size_t done_ = 0;
    Count solutions_ = 0;
    std::uint64_t updates_ = 0;
    std::thread thread_;
};

}  // namespace xcount::cli
