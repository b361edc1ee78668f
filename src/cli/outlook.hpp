// src/cli/outlook.hpp: what a count is in for, said before it starts. A count estimated at an
// hour or more says so on stderr (a terminal or not), with the estimate, how it was made, and
// what might help: another engine, a symmetry reduction, the model's shortcuts, more machines.
#pragma once

#include <atomic>
#include <string>
#include <vector>

#include "problem.hpp"
#include "xcount/plan.hpp"

namespace xcount::cli {

// The estimate behind the line: the tree's updates by random paths (the plan's, or 64 of its
// own within a second) at the rate of its engine on one thread (a quarter-second count).
struct Outlook {
    double updates = 0;     // estimated, in MRV's links removed (the probes' unit)
    double rate = 0;        // updates a second on one thread
    double seconds = 0;     // on the run's threads, if the speed-up is linear; 0: not estimated
    bool finished = false;  // the rate's sample count finished: the count is short
    std::vector<std::string> helps;
};

// The outlook of an enumerating count (a merging engine's work is not its tree's: none); its
// probes and sample end early once `stop` is raised (the run's: its limits and signals).
Outlook outlook_of(const Problem& problem, const Plan& plan, int threads, const std::atomic<bool>* stop);

// Writes the outlook's line to stderr when the count is estimated at an hour or more: a note,
// or a warning past 30 days.
void tell_outlook(const Outlook& outlook, const Plan& plan, int threads);

}  // namespace xcount::cli
