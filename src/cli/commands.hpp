// src/cli/commands.hpp: one function per command, each taking a built problem and settings.
#pragma once

#include <atomic>
#include <optional>
#include <string>
#include <vector>

#include "problem.hpp"
#include "settings.hpp"
#include "xcount/dancer.hpp"

namespace xcount::cli {

int count_command(const Problem& problem, const Settings& settings);
int solve_command(const Problem& problem, const Settings& settings);
int export_command(const std::string& spec, const Problem& problem, const Settings& settings);
int run_command(const std::string& job_path, const std::vector<std::string>& overrides);
int verify_command(const std::vector<std::string>& args);
int merge_command(const std::vector<std::string>& files, const Settings& settings);
int generate_entry(const std::vector<std::string>& args);  // xcount generate sudoku ...

// A count with no output, stopped when `stop` rises (verify's time limit).
struct CountResult {
    SearchStats total;
    double seconds = 0;
    bool distinct_counted = false;  // Fix(g) was counted (--symmetry check)
    std::optional<Count> distinct;  // Burnside's count; nullopt if counted and not an integer
};
CountResult count_quietly(const Problem& problem, const Settings& settings, const std::atomic<bool>& stop);

}  // namespace xcount::cli
