#include "signals.hpp"

#include <chrono>
#include <csignal>
#include <ctime>

namespace xcount::cli {

namespace {

std::atomic<bool> g_stop{false};
std::atomic<int> g_signal{0};
std::atomic<long long> g_first_ns{0};  // when the first signal came (monotonic clock), 0 before
// timeout(1), Slurm and a terminal's Ctrl-C signal the process group as well as the process,
// so one stop often arrives twice: only a signal this long after the first one kills.
constexpr long long kRepeatNs = 1'000'000'000;

long long monotonic_ns() {
    timespec t{};
    clock_gettime(CLOCK_MONOTONIC, &t);  // async-signal-safe
    return static_cast<long long>(t.tv_sec) * 1'000'000'000 + t.tv_nsec;
}

extern "C" void on_signal(int signal) {
    const long long now = monotonic_ns();
    long long first = 0;
    if (g_first_ns.compare_exchange_strong(first, now)) {
        g_signal.store(signal);
        g_stop.store(true);
        return;
    }
    if (now - first < kRepeatNs) return;
    std::signal(signal, SIG_DFL);
    std::raise(signal);
}

}  // namespace

const std::atomic<bool>& stop_on_signals() {
    static_assert(std::atomic<bool>::is_always_lock_free && std::atomic<long long>::is_always_lock_free,
                  "the flag and the time are set from a signal handler");
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
