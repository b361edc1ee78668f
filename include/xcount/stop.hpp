// xcount/stop.hpp: what ends a run early, one object for every limit: the caller's flag (a
// signal handler's, say), a time limit, a budget of search-tree nodes, and a stop raised by
// hand (a failed write). Walks read one flag, flag(), which a watcher thread raises within
// 20 ms of the caller's flag or the time limit; the runner's threads and, under MPI, rank 0
// spend the node budget. A stopped run is partial, never a smaller total.
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <thread>

namespace xcount {

struct StopLimits {
    double max_seconds = 0;  // stop once this many seconds have passed since the Stop's `since` (0: none)
    // Stop once the run's subproblems have entered about this many tree nodes (0: no limit):
    // each may use what is left when it starts, so a run overshoots by at most what the
    // subproblems in flight take.
    std::uint64_t max_nodes = 0;
    bool any() const { return max_seconds > 0 || max_nodes > 0; }
};

// What stopped a run: nothing yet, the caller's flag, the time limit, the node budget, or raise().
enum class StopCause { none, flag, time, nodes, raised };

class Stop {
public:
    using Clock = std::chrono::steady_clock;

    Stop() = default;  // stops only when raised
    // `on_stop`, if given, is called once with the first cause, from the thread that raised it
    // (the watcher for the flag and the time limit).
    explicit Stop(const std::atomic<bool>* flag, StopLimits limits = {}, Clock::time_point since = Clock::now(),
                  std::function<void(StopCause)> on_stop = nullptr);
    ~Stop();
    Stop(const Stop&) = delete;
    Stop& operator=(const Stop&) = delete;

    void raise(StopCause cause = StopCause::raised);  // the first cause is the one kept
    StopCause cause() const;
    bool raised() const { return raised_.load(std::memory_order_relaxed); }
    const std::atomic<bool>* flag() const { return &raised_; }  // what a walk reads (Limits::stop)

    bool budgeted() const { return limits_.max_nodes != 0; }
    bool nodes_spent() const { return budgeted() && used_.load() >= limits_.max_nodes; }
    bool ends_run() const { return raised() || nodes_spent(); }
    // The nodes a walk may take next: a slice (0: no slicing) within what the budget leaves.
    std::uint64_t slice(std::uint64_t slice_nodes) const {
        if (!budgeted()) return slice_nodes;
        const std::uint64_t left = std::max<std::uint64_t>(nodes_left(), 1);
        return slice_nodes == 0 ? left : std::min(slice_nodes, left);
    }
    // What the budget has left (0 when there is no budget, as StopLimits::max_nodes reads it).
    std::uint64_t nodes_left() const {
        const std::uint64_t used = used_.load();
        return budgeted() && used < limits_.max_nodes ? limits_.max_nodes - used : 0;
    }
    void spend(std::uint64_t nodes) { used_ += nodes; }

private:
    bool past_deadline() const;
    void watch();

    const std::atomic<bool>* caller_ = nullptr;
    StopLimits limits_;
    Clock::time_point since_{};
    std::function<void(StopCause)> on_stop_;
    std::atomic<bool> raised_{false};
    std::atomic<StopCause> cause_{StopCause::none};
    std::atomic<std::uint64_t> used_{0};
    std::mutex wake_lock_;
    std::condition_variable wake_;
    bool done_ = false;
    std::thread watcher_;
};

}  // namespace xcount
