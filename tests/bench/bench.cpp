// xcount_bench: single-thread speed of the dancer, in Knuth's units.
//
//     xcount_bench [--repeat R] [FILE.dlx ...]
//
// Counts queens 12 and 13 and every DLX file given, R times each (default 5), and prints one
// row per input: solutions, updates, nodes, the median seconds and updates per second.
// Updates and nodes are the machine-independent cost; compare them with DLX1's own figures.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "queens.hpp"
#include "xcount/dancer.hpp"
#include "xcount/dlx_format.hpp"

using namespace xcount;

namespace {

struct Row {
    std::string name;
    SearchStats stats;
    double seconds;
};

Row measure(const std::string& name, const Matrix& matrix, int repeat) {
    std::vector<double> times;
    SearchStats stats;
    for (int r = 0; r < repeat; ++r) {
        Dancer dancer(matrix);
        const auto start = std::chrono::steady_clock::now();
        stats = dancer.count();
        times.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    }
    std::sort(times.begin(), times.end());
    return {name, stats, times[times.size() / 2]};
}

}  // namespace

int main(int argc, char** argv) {
    int repeat = 5;
    std::vector<std::string> files;
    for (int k = 1; k < argc; ++k) {
        const std::string arg = argv[k];
        if (arg == "--repeat" && k + 1 < argc) {
            repeat = std::max(1, std::atoi(argv[++k]));
        } else if (arg == "--help" || arg == "-h") {
            std::puts("usage: xcount_bench [--repeat R] [FILE.dlx ...]");
            return 0;
        } else {
            files.push_back(arg);
        }
    }
    try {
        std::vector<Row> rows;
        for (int n : {12, 13}) rows.push_back(measure("queens " + std::to_string(n), make_queens(n).matrix, repeat));
        for (const auto& file : files) rows.push_back(measure(file, read_dlx_file(file), repeat));
        std::printf("%-28s %14s %15s %12s %10s %14s\n", "input", "solutions", "updates", "nodes", "seconds", "updates/s");
        for (const Row& row : rows) {
            std::printf("%-28s %14s %15llu %12llu %10.4f %14.0f\n", row.name.c_str(), to_string(row.stats.solutions).c_str(),
                        static_cast<unsigned long long>(row.stats.updates), static_cast<unsigned long long>(row.stats.nodes),
                        row.seconds, static_cast<double>(row.stats.updates) / row.seconds);
        }
        std::printf("(single thread, median of %d runs)\n", repeat);
    } catch (const InputError& e) {
        std::fprintf(stderr, "xcount_bench: %s\n", e.what());
        return 2;
    }
    return 0;
}
