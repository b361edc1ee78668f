// src/cli/signals.hpp: SIGINT and SIGTERM raise a stop flag instead of killing the process,
// so that a count can flush its journal and say what it finished.
#pragma once

#include <atomic>
#include <chrono>
#include <string>

#include "xcount/stop.hpp"

namespace xcount::cli {

// Installs the handlers (once) and returns the flag they raise. A second signal of either kind
// a second or more after the first takes the default action, so a stuck process can still be
// interrupted; one sooner is the same stop delivered twice (to the process and its group).
const std::atomic<bool>& stop_on_signals();
int received_signal();  // the signal that raised the flag, 0 if none

// Why `stop` ended a run, as the stop message words it: "by signal 15", "at --time-limit",
// "at --node-limit".
std::string stop_text(const Stop& stop);

// Between the end of a run and its report: from open() until it dies, a repeated signal does
// not kill (it is dropped), so that the report of a stopped run is printed whatever comes; the
// process ends right after it. Before open(), repeats kill as above.
class ReportWindow {
public:
    ReportWindow() = default;
    ~ReportWindow();
    ReportWindow(const ReportWindow&) = delete;
    ReportWindow& operator=(const ReportWindow&) = delete;
    void open();

private:
    bool open_ = false;
};

// When this process began (a --time-limit counts from there: reading and planning are part of it).
std::chrono::steady_clock::time_point process_start();

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
    Stop stop_;
};

}  // namespace xcount::cli
