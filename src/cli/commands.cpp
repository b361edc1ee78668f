#include <sys/stat.h>

#include <fstream>
#include <iostream>
#include <sstream>

#include "cli.hpp"
#include "colour.hpp"
#include "commands.hpp"
#include "data_files.hpp"
#include "memory.hpp"
#include "jobs.hpp"
#include "manual.hpp"
#include "json.hpp"
#include "registry.hpp"
#include "flag_table.hpp"
#include "settings.hpp"
#include "signals.hpp"
#include "xcount/runner.hpp"
#include "xcount/dlx_format.hpp"
#include "xcount/text_file.hpp"
#include "xcount/version.hpp"

namespace po = boost::program_options;

namespace xcount::cli {

namespace {

struct CommandInfo {
    const char* name;
    Command command;
    const char* summary;
};

constexpr CommandInfo kCommands[] = {
    {"count", Command::count, "count every solution"},
    {"solve", Command::solve, "print the first solutions (--print K), one line per option"},
    {"export", Command::export_dlx, "write the problem's matrix in Knuth's DLX format"},
    {"show", Command::show, "print solution K (--solution K) as a picture, and draw it into an SVG file (--svg FILE)"},
    {"estimate", Command::estimate, "estimate the search tree (nodes, updates, solutions) and the run time, by Knuth's random paths"},
};

struct JobCommand {
    const char* name;
    const char* summary;
};

constexpr JobCommand kJobCommands[] = {
    {"run", "count a job file's problem and check its published total (xcount run JOB.ini)"},
    {"verify", "run every job in a folder (default jobs/) and print expected against found"},
    {"merge", "sum the result files of the K shards of one count (xcount merge part*.txt)"},
    {"generate", "make sudoku puzzles with one solution, minimal (xcount generate sudoku --box 3x3)"},
    {"status", "how far a count has got, from its checkpoint journal (xcount status JOURNAL)"},
};

}  // namespace

std::vector<std::pair<std::string, std::string>> command_summaries() {
    std::vector<std::pair<std::string, std::string>> rows;
    for (const auto& c : kCommands) rows.emplace_back(c.name, c.summary);
    for (const auto& c : kJobCommands) rows.emplace_back(c.name, c.summary);
    return rows;
}

namespace {

std::string usage() {
    std::ostringstream out;
    out << "xcount " << kVersion << ": count every solution of an exact-cover problem (Dancing Links)\n\n"
        << "usage: xcount COMMAND PROBLEM [OPTIONS]\n"
        << "       xcount COMMAND --help | xcount COMMAND MODEL --help\n\ncommands:\n";
    auto row = [&out](const std::string& name, const std::string& summary) {
        out << "  " << name << std::string(name.size() < 11 ? 12 - name.size() : 1, ' ') << summary << '\n';
    };
    for (const auto& [name, summary] : command_summaries()) row(name, summary);
    out << "\nPROBLEM is a file in Knuth's DLX format, or one of the models:\n";
    for (const Model& m : models()) row(m.name, m.summary);
    out << "\nexit status: 0 done, 1 count differs from expected, 2 bad input, 3 stopped early\n";
    return out.str();
}

void describe(const Problem& problem, const Settings& settings) {
    const Matrix& m = problem.matrix;
    if (settings.verbose)
        for (const std::string& note : problem.notes) std::cerr << note << '\n';
    if (settings.verbose)
        std::cerr << "matrix: " << m.item_count() << " items (" << m.primary_count() << " primary), " << m.option_count() << " options, "
                  << m.node_count() << " nodes\n";
    print_warnings(problem);
}

}  // namespace

void print_warnings(const Problem& problem) {
    for (const std::string& warning : problem.warnings) std::cerr << "xcount: warning: " << warning << '\n';
    constexpr std::size_t kShown = 10;
    const auto& warnings = problem.matrix.warnings();
    for (std::size_t k = 0; k < warnings.size() && k < kShown; ++k) std::cerr << "xcount: warning: " << warnings[k] << '\n';
    if (warnings.size() > kShown) std::cerr << "xcount: warning: ... and " << warnings.size() - kShown << " more options dropped\n";
}

std::string option_text(const Matrix& m, OptionId option) {
    std::string line;
    for (std::size_t k = 0; k < m.option(option).size(); ++k) line += (line.empty() ? "" : " ") + m.item_text(option, k);
    return line;
}

namespace {

// A solution's options for JSON: an array of arrays of item names.
std::string option_arrays(const Matrix& m, std::span<const OptionId> solution) {
    std::string arrays = "[";
    for (std::size_t k = 0; k < solution.size(); ++k) {
        std::string names;
        for (std::size_t j = 0; j < m.option(solution[k]).size(); ++j)
            names += (names.empty() ? "" : ", ") + json_quote(m.item_text(solution[k], j));
        arrays += (k ? ", [" : "[") + names + "]";
    }
    return arrays + "]";
}

}  // namespace

std::string solution_line(const Problem& problem, std::span<const OptionId> solution, Count number, bool json, const std::string& where) {
    if (json)
        return "{" + (where.empty() ? std::string() : "\"where\": " + json_quote(where) + ", ") + "\"solution\": " + to_string(number) +
               ", \"options\": " + option_arrays(problem.matrix, solution) +
               (problem.line ? ", \"line\": " + json_quote(problem.line(solution)) : std::string()) + "}";
    std::string line = where.empty() ? "" : where + ": ";
    if (problem.line) return line + problem.line(solution);
    for (std::size_t k = 0; k < solution.size(); ++k) line += (k ? " ; " : "") + option_text(problem.matrix, solution[k]);
    return line;
}

MethodRequest method_request(const Problem& problem, const Settings& settings) {
    MethodRequest request = settings.plan.method;
    request.prefers_scan = problem.prefers_scan;
    return request;
}

Method method_of(const Problem& problem, const Settings& settings, MethodReasons* why) {
    return decide_method(problem.matrix, method_request(problem, settings), why);
}

namespace {

// solve --all: every solution as it is found, one line each on stdout (solution_line); what
// was found goes to stderr, so that stdout holds the solutions and nothing else.
int stream_solutions(const Problem& problem, const Settings& settings) {
    Count number = 0;
    auto print = [&](std::span<const OptionId> solution) {
        const std::string line = solution_line(problem, solution, ++number, settings.json, "") + '\n';
        std::fwrite(line.data(), 1, line.size(), stdout);
    };
    const SearchStats stats = search_solutions(problem, method_of(problem, settings), Limits{.stop = &stop_on_signals()}, print);
    std::fflush(stdout);
    std::cerr << "xcount: " << to_string(number) << (number == 1 ? " solution" : " solutions")
              << (stats.complete ? " (all of them)" : " (stopped by a signal: not all of them)") << '\n';
    return stats.complete ? kExitOk : kExitPartial;
}

}  // namespace

int solve_command(const Problem& problem, const Settings& settings) {
    if (settings.all) return settings.parallel_stream ? stream_all(problem, settings) : stream_solutions(problem, settings);
    std::vector<std::vector<OptionId>> found;
    auto keep = [&found](std::span<const OptionId> s) { found.emplace_back(s.begin(), s.end()); };
    const Limits limits{.max_solutions = static_cast<Count>(settings.print)};
    const SearchStats stats = search_solutions(problem, method_of(problem, settings), limits, keep);
    if (settings.json) {
        std::string list = "[";
        for (const auto& solution : found) list += (list.size() > 1 ? ", " : "") + option_arrays(problem.matrix, solution);
        JsonObject o;
        o.field("problem", problem.name)
            .field("printed", static_cast<std::uint64_t>(found.size()))
            .field("all_found", stats.complete)
            .raw("solutions", list + "]");
        std::cout << o.str() << '\n';
        return kExitOk;
    }
    for (std::size_t k = 0; k < found.size(); ++k) {
        std::cout << "solution " << k + 1 << ":\n";
        for (OptionId o : found[k]) std::cout << "  " << option_text(problem.matrix, o) << '\n';
        if (problem.render) std::cout << for_stream(problem.render(found[k]), settings.colour, stdout);
    }
    std::cout << (found.empty() ? "no solution" : "printed " + std::to_string(found.size()))
              << (stats.complete ? " (there are no more)" : " (stopped at --print; there may be more)") << '\n';
    return kExitOk;
}

int export_command(const std::string& spec, const Problem& problem, const Settings& settings) {
    const std::string comment = "xcount export " + spec + " (" + problem.name + ")";
    const Matrix& matrix = problem.as_written ? *problem.as_written : problem.matrix;  // multiplicities as DLX3 writes them
    if (settings.out.empty() || settings.out == "-") {
        write_dlx(std::cout, matrix, comment);
        return kExitOk;
    }
    check_output_file(settings.out, "DLX file");
    std::ostringstream text;
    write_dlx(text, matrix, comment);
    write_text_file(settings.out, text.str());
    return kExitOk;
}

namespace {

const CommandInfo* find_command(const std::string& name) {
    for (const auto& c : kCommands)
        if (name == c.name) return &c;
    return nullptr;
}

bool is_help(const std::string& arg) { return arg == "--help" || arg == "-h" || arg == "help"; }

int merge_entry(const std::vector<std::string>& args) {
    const po::options_description flags = flags_of(kMerge);
    const po::variables_map values = read_arguments(args, flags, "files", -1);
    if (values.count("help")) {
        std::cout << "usage: xcount merge FILE... [OPTIONS]: check that the K shard files of one count are all there,\n"
                     "once each, whole and of the same run, and print their total\n\n"
                  << flags;
        return kExitOk;
    }
    if (!values.count("files")) throw InputError("merge: no shard files given");
    Settings settings;
    store_flags(kMerge, values, settings);
    return merge_command(values["files"].as<std::vector<std::string>>(), settings);
}

}  // namespace

Problem load_within_memory(const std::string& spec, const po::variables_map& values, const Settings& settings) {
    if (spec == "-" && settings.mpi)
        throw InputError(
            "standard input: under --mpi only rank 0 can read it (mpirun hands it to rank 0 alone); give the matrix as a "
            "file every rank can read");
    const int engines = resolve_threads(settings.run.threads) + 1;
    check_memory(estimate_problem(spec, values), engines, settings.max_memory, "up to");
    Problem problem =
        load_problem(spec, values, [&](const MatrixSize& size) { check_memory(size, engines, settings.max_memory, "up to"); });
    check_memory(size_of(problem.matrix), engines, settings.max_memory, "about");
    if (!settings.relabel) problem.matrix = without_symbols(std::move(problem.matrix));
    return problem;
}

namespace {

int dispatch(Command command, const std::string& spec, const po::variables_map& values) {
    const Settings settings = read_settings(command, values);
    if (const Model* model = find_model(spec); model != nullptr && model->instances != nullptr) {
        const std::vector<Instance> many = model->instances(values);
        if (!many.empty()) return batch_command(command, *model, many, values, settings);
    }
    const Problem problem = [&] {
        const StopEndsProcess loading("reading and building the problem", settings.limits.max_seconds);
        return load_within_memory(spec, values, settings);
    }();
    describe(problem, settings);
    if (!problem.growth.empty() && command != Command::count)
        throw InputError("a range of boards (RxA..B) is for count; solve, show, export and estimate take one board");
    if (!problem.growth.empty()) return family_command(problem, settings);
    if (command == Command::count && !settings.by_piece.empty()) return by_piece_command(problem, settings);
    switch (command) {
        case Command::count: return count_command(problem, settings);
        case Command::solve: return solve_command(problem, settings);
        case Command::show: return show_command(problem, settings);
        case Command::export_dlx: return export_command(spec, problem, settings);
        case Command::estimate: return estimate_command(problem, settings);
    }
    return kExitOk;
}

// Standard input is a pipe or a file (not a terminal, not /dev/null): a matrix to read when
// no PROBLEM is named, as Knuth's programs read theirs.
bool data_on_stdin() {
    struct stat st {};
    return ::fstat(0, &st) == 0 && (S_ISFIFO(st.st_mode) || S_ISREG(st.st_mode));
}

// The arguments with the PROBLEM moved to just after the command (or '-' put there when there
// is none and standard input holds data): flags may come before it
// (`count --n 8 queens`). A PROBLEM among flags is a model name, a .dlx or .ini file or '-'.
std::vector<std::string> problem_first(const std::vector<std::string>& args, const std::string& command) {
    if (args.size() < 2) {
        if (data_on_stdin()) return {args[0], "-"};
        throw InputError(command + ": missing PROBLEM (a DLX file or a model; see xcount --help)");
    }
    if (!args[1].starts_with("-") || args[1] == "-") return args;
    const auto is_problem = [](const std::string& a) { return a == "-" || find_model(a) || a.ends_with(".dlx") || a.ends_with(".ini"); };
    const auto at = std::find_if(args.begin() + 2, args.end(), is_problem);
    if (at == args.end() && data_on_stdin()) {
        std::vector<std::string> ordered{args[0], "-"};
        ordered.insert(ordered.end(), args.begin() + 1, args.end());
        return ordered;
    }
    if (at == args.end())
        throw InputError(command + ": no PROBLEM (a model, a DLX or job file, or - for standard input) before or among the flags, '" +
                         args[1] + "' ...");
    std::vector<std::string> ordered{args[0], *at};
    for (auto it = args.begin() + 1; it != args.end(); ++it)
        if (it != at) ordered.push_back(*it);
    return ordered;
}

// A job file where a PROBLEM goes: its problem and keys, the flags given winning. `count` on
// a job is `run`: it checks the published total.
int job_entry(const CommandInfo& info, const std::string& path, const std::vector<std::string>& flags) {
    if (info.command == Command::count) return run_command(path, flags);
    const Job job = load_job(path, flags, info.command);
    if (job.values.count("help")) {
        std::cout << "usage: xcount " << info.name << " JOB.ini [OPTIONS]: " << info.summary << "\n\n" << flags_for(info.command);
        return kExitOk;
    }
    try {
        return dispatch(info.command, job.spec, job.values);
    } catch (const InputError& e) {
        if (std::string(e.what()).starts_with(path)) throw;
        throw InputError(path + ": " + e.what());
    }
}

}  // namespace

int run(const std::vector<std::string>& args) {
    if (args.empty()) throw InputError("missing COMMAND (see xcount --help)");
    for (const std::string& arg : args) refuse_placeholders(arg, "the command line");
    if (is_help(args[0])) {
        std::cout << usage();
        return kExitOk;
    }
    if (args[0] == "--man") {  // for the build: the manual page, from the flag table
        std::cout << man_page();
        return kExitOk;
    }
    if (args[0] == "--bash-completion") {  // likewise the bash completion script
        std::cout << bash_completion();
        return kExitOk;
    }
    if (args[0] == "--shipped-names" && args.size() == 2 && (args[1] == "pieces" || args[1] == "boards")) {  // for the completion
        for (const std::string& name : shipped_names(args[1])) std::cout << name << '\n';
        return kExitOk;
    }
    if (args[0] == "--version") {
        std::cout << "xcount " << kVersion << "\nfeatures: " << kBuildFeatures << '\n';
        return kExitOk;
    }
    if (args[0] == "verify") return verify_command(std::vector<std::string>(args.begin() + 1, args.end()));
    if (args[0] == "status") return status_command(std::vector<std::string>(args.begin() + 1, args.end()));
    if (args[0] == "merge") return merge_entry(std::vector<std::string>(args.begin() + 1, args.end()));
    if (args[0] == "generate") return generate_entry(std::vector<std::string>(args.begin() + 1, args.end()));
    if (args[0] == "run") {
        if (args.size() < 2 || args[1].starts_with("-")) throw InputError("run: missing JOB file (xcount run jobs/pentomino-6x10.ini)");
        return run_command(args[1], std::vector<std::string>(args.begin() + 2, args.end()));
    }
    const CommandInfo* info = find_command(args[0]);
    if (info == nullptr) throw InputError("unknown command '" + args[0] + "' (see xcount --help)");
    po::options_description flags = flags_for(info->command);
    if (args.size() >= 2 && is_help(args[1])) {
        std::cout << "usage: xcount " << info->name << " PROBLEM [OPTIONS]: " << info->summary << "\n\n" << flags;
        return kExitOk;
    }
    const std::vector<std::string> ordered = problem_first(args, info->name);
    const std::string& spec = ordered[1];
    if (spec.ends_with(".ini")) return job_entry(*info, spec, std::vector<std::string>(ordered.begin() + 2, ordered.end()));
    if (const Model* model = find_model(spec)) {
        flags.add(model_flags(*model));
    }
    po::variables_map values = read_arguments(std::vector<std::string>(ordered.begin() + 2, ordered.end()), flags);
    if (values.count("help")) {
        std::cout << "usage: xcount " << info->name << ' ' << spec << " [OPTIONS]: " << info->summary << "\n\n" << flags;
        return kExitOk;
    }
    po::notify(values);
    return dispatch(info->command, spec, values);
}

}  // namespace xcount::cli
