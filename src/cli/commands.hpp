// src/cli/commands.hpp: one function per command, each taking a built problem and settings.
#pragma once

#include <atomic>
#include <fstream>
#include <optional>
#include <string>
#include <vector>

#include "count_report.hpp"
#include "problem.hpp"
#include "registry.hpp"
#include "settings.hpp"
#include "xcount/dancer.hpp"

namespace xcount::cli {

int count_command(const Problem& problem, const Settings& settings);
// count on a range of boards (Problem::growth): every term in one sweep by layers.
int family_command(const Problem& problem, const Settings& settings);
// count --by-piece NAME: the count by the number of copies of piece NAME, by layers.
int by_piece_command(const Problem& problem, const Settings& settings);
int solve_command(const Problem& problem, const Settings& settings);
// solve --all on the count's machinery (threads, split, journal, shards): each subproblem's
// solutions written together once it is finished, in the order the subproblems finish, to stdout
// or --out FILE; with --checkpoint a resumed run cuts the file back to what its journal holds, so
// no solution is written twice or left out. --distinct: one per orbit of the group.
int stream_all(const Problem& problem, const Settings& settings);
int show_command(const Problem& problem, const Settings& settings);
int estimate_command(const Problem& problem, const Settings& settings);
int export_command(const std::string& spec, const Problem& problem, const Settings& settings);
int run_command(const std::string& job_path, const std::vector<std::string>& overrides);
int status_command(const std::vector<std::string>& args);  // xcount status JOURNAL
// Every command and what it does, as `xcount --help` lists them.
std::vector<std::pair<std::string, std::string>> command_summaries();
int verify_command(const std::vector<std::string>& args);
int merge_command(const std::vector<std::string>& files, const Settings& settings);
// Builds the problem `spec` names, refusing it first when its estimated size, and then its
// actual size, would need more memory than settings.max_memory.
Problem load_within_memory(const std::string& spec, const boost::program_options::variables_map& values, const Settings& settings);

// What the flags ask of the engine and rule, with the model's preference: a plan decides on it
// (make_plan), and so does method_of.
MethodRequest method_request(const Problem& problem, const Settings& settings);
// The engine and rule of a search that makes no plan (solve, show, estimate, a --limit preview),
// decided on the problem's matrix.
// With `why`: a line per engine weighed (decide_method).
Method method_of(const Problem& problem, const Settings& settings, MethodReasons* why = nullptr);

// A search with the method's engine and rule, each solution (its option ids) to visit.
template <class Visit>
SearchStats search_solutions(const Problem& problem, const Method& method, const Limits& limits, Visit&& visit) {
    return with_engine(method, problem.matrix, [&](auto& engine) { return engine.search(visit, limits); });
}

// Solution k (1-based) in the order the search finds them. `options` is empty when there are
// fewer (found says how many) or when max_nodes (0: none) ended the search first (complete
// is then false).
struct FoundSolution {
    std::vector<OptionId> options;
    Count found = 0;
    bool complete = true;
};
FoundSolution find_solution(const Problem& problem, const Settings& settings, long k, std::uint64_t max_nodes = 0);

// Refuses, before a long computation, an output path that cannot be written (a missing or
// read-only folder, a directory), so that a bad path fails before anything is lost; "" passes.
// The file itself is written whole at the end (write_text_file: never a torn one).
void check_output_file(const std::string& path, const std::string& what);

// An option as its item names, "F 0,1 0,2 1,1 1,2 2,1".
std::string option_text(const Matrix& m, OptionId option);
// The problem's warnings and the matrix's (options dropped), on stderr.
void print_warnings(const Problem& problem);

// A solution on one line, as `solve --all` streams it: the model's one-line form, or else its
// options separated by " ; " ("WHERE: " first when `where` names the puzzle of a many-puzzle
// input); with json an object of its number, its options as arrays of item names and the
// model's line.
std::string solution_line(const Problem& problem, std::span<const OptionId> solution, Count number, bool json, const std::string& where);

// count and solve on an input of many problems (registry.hpp's Instance): a report for each.
int batch_command(Command command, const Model& model, const std::vector<Instance>& instances,
                  const boost::program_options::variables_map& values, const Settings& settings);

int generate_entry(const std::vector<std::string>& args);  // xcount generate sudoku ...

// A count with no output, stopped when `stop` rises (verify's time limit): its outcome, the
// copies' overcount divided out, incomplete when its --check-fixed recount was stopped.
Outcome count_quietly(const Problem& problem, const Settings& settings, Stop& stop);

}  // namespace xcount::cli
