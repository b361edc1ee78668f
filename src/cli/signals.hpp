// src/cli/signals.hpp: SIGINT and SIGTERM raise a stop flag instead of killing the process,
// so that a count can flush its journal and say what it finished.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>

namespace xcount::cli {

// Installs the handlers (once) and returns the flag they raise. A second signal of either kind
// a second or more after the first takes the default action, so a stuck process can still be
// interrupted; one sooner is the same stop delivered twice (to the process and its group).
const std::atomic<bool>& stop_on_signals();
int received_signal();  // the signal that raised the flag, 0 if none

// When this process began (a --time-limit counts from there: reading and planning are part of it).
std::chrono::steady_clock::time_point process_start();

// Raises `stop` once `seconds` (if > 0) have passed since `since`, or on SIGINT/SIGTERM, until
// destroyed; says which.
class Watchdog {
public:
    Watchdog(std::atomic<bool>& stop, double seconds, std::chrono::steady_clock::time_point since = std::chrono::steady_clock::now());
    ~Watchdog();
    Watchdog(const Watchdog&) = delete;
    Watchdog& operator=(const Watchdog&) = delete;
    bool timed_out() const { return timed_out_; }

private:
    std::atomic<bool>& stop_;
    std::atomic<bool> done_{false}, timed_out_{false};
    std::mutex wake_lock_;
    std::condition_variable wake_;
    std::thread thread_;
};

// While one lives, a stop ends the process at once with exit 3 and "xcount: stopped by signal
// 15 while reading and building the problem: nothing was counted": for the steps that hold
// nothing worth keeping and look at no stop flag. `phase` must outlive it (a literal); a
// --time-limit (from process_start()) ends them the same way.
class StopEndsProcess {
public:
    StopEndsProcess(const char* phase, double time_limit);
    ~StopEndsProcess();
    StopEndsProcess(const StopEndsProcess&) = delete;
    StopEndsProcess& operator=(const StopEndsProcess&) = delete;

private:
    std::atomic<bool> unused_{false};
    Watchdog watchdog_;
};

}  // namespace xcount::cli
