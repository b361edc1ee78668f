#include "signals.hpp"

#include <csignal>

namespace xcount::cli {

namespace {

std::atomic<bool> g_stop{false};
std::atomic<int> g_signal{0};

extern "C" void on_signal(int signal) {
    g_signal.store(signal);
    g_stop.store(true);
    std::signal(SIGINT, SIG_DFL);
    std::signal(SIGTERM, SIG_DFL);
}

}  // namespace

const std::atomic<bool>& stop_on_signals() {
    static_assert(std::atomic<bool>::is_always_lock_free, "the flag is set from a signal handler");
    std::signal(SIGINT, on_signal);
    std::signal(SIGTERM, on_signal);
    return g_stop;
}

int received_signal() { return g_signal.load(); }

}  // namespace xcount::cli
