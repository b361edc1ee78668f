// src/cli/signals.hpp: SIGINT and SIGTERM raise a stop flag instead of killing the process,
// so that a count can flush its journal and say what it finished.
#pragma once

#include <atomic>
#include <thread>

namespace xcount::cli {

// Installs the handlers (once) and returns the flag they raise. A second signal of either kind
// a second or more after the first takes the default action, so a stuck process can still be
// interrupted; one sooner is the same stop delivered twice (to the process and its group).
const std::atomic<bool>& stop_on_signals();
int received_signal();  // the signal that raised the flag, 0 if none

// Raises `stop` after `seconds` (if > 0) or on SIGINT/SIGTERM, until destroyed; says which.
class Watchdog {
public:
    Watchdog(std::atomic<bool>& stop, double seconds);
    ~Watchdog();
    Watchdog(const Watchdog&) = delete;
    Watchdog& operator=(const Watchdog&) = delete;
    bool timed_out() const { return timed_out_; }

private:
    std::atomic<bool>& stop_;
    std::atomic<bool> done_{false}, timed_out_{false};
    std::thread thread_;
};

}  // namespace xcount::cli
