#include "signals.hpp"

#include <chrono>
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

Watchdog::Watchdog(std::atomic<bool>& stop, double seconds) : stop_(stop) {
    const std::atomic<bool>& signalled = stop_on_signals();
    thread_ = std::thread([this, seconds, &signalled] {
        const auto start = std::chrono::steady_clock::now();
        while (!done_) {
            const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
            if (seconds > 0 && elapsed > seconds && !stop_) timed_out_ = true;
            if (signalled || timed_out_) stop_ = true;
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
        }
    });
}

Watchdog::~Watchdog() {
    done_ = true;
    thread_.join();
}

}  // namespace xcount::cli
