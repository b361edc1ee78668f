// src/cli/commands.hpp: one function per command, each taking a built problem and settings.
#pragma once

#include <string>

#include "problem.hpp"
#include "settings.hpp"

namespace xcount::cli {

int count_command(const Problem& problem, const Settings& settings);
int solve_command(const Problem& problem, const Settings& settings);
int export_command(const std::string& spec, const Problem& problem, const Settings& settings);

}  // namespace xcount::cli
