// src/cli/signals.hpp: SIGINT and SIGTERM raise a stop flag instead of killing the process,
// so that a count can flush its journal and say what it finished.
#pragma once

#include <atomic>

namespace xcount::cli {

// Installs the handlers (once) and returns the flag they raise; a second signal of either
// kind restores the default action, so a stuck process can still be interrupted.
const std::atomic<bool>& stop_on_signals();
int received_signal();  // the signal that raised the flag, 0 if none

}  // namespace xcount::cli
