// xcount/stop.hpp: what ends a run early, one object for everything that spends from it: the
// caller's stop flag (raised by a signal, a time limit's watchdog or a failed write) and a
// budget of search-tree nodes (--node-limit), shared by every thread of the runner and, under
// MPI, by rank 0 as it hands out work. A walk is told the flag and the nodes its next slice
// may take (Limits); a stopped run is partial, never a smaller total.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>

#include "xcount/runner.hpp"

namespace xcount {

class Stop {
public:
    explicit Stop(const RunOptions& options) : flag_(options.stop), max_nodes_(options.max_nodes) {}
    Stop(const Stop&) = delete;
    Stop& operator=(const Stop&) = delete;

    bool raised() const { return flag_ && flag_->load(std::memory_order_relaxed); }
    bool budgeted() const { return max_nodes_ != 0; }
    bool nodes_spent() const { return budgeted() && used_.load() >= max_nodes_; }
    bool ends_run() const { return raised() || nodes_spent(); }
    // The nodes a walk may take next: a slice (0: no slicing) within what the budget leaves.
    std::uint64_t slice(std::uint64_t slice_nodes) const {
        if (!budgeted()) return slice_nodes;
        const std::uint64_t left = std::max<std::uint64_t>(nodes_left(), 1);
        return slice_nodes == 0 ? left : std::min(slice_nodes, left);
    }
    // What the budget has left (0 when there is no budget, as RunOptions::max_nodes reads it).
    std::uint64_t nodes_left() const {
        const std::uint64_t used = used_.load();
        return budgeted() && used < max_nodes_ ? max_nodes_ - used : 0;
    }
    void spend(std::uint64_t nodes) { used_ += nodes; }
    const std::atomic<bool>* flag() const { return flag_; }

private:
    const std::atomic<bool>* flag_;
    std::uint64_t max_nodes_;
    std::atomic<std::uint64_t> used_{0};
};

}  // namespace xcount
