// `xcount run JOB.ini` and `xcount verify [DIR]`: job files are the CLI's flags in Boost's
// config-file syntax, plus `problem`, `expect`, `source` and `cost`:
//
//     # jobs/pentomino-6x10.ini
//     problem = polyomino
//     pieces = pentominoes
//     board = 6x10
//     expect = 9356
//     expect-distinct = 2339
//     source = Polyform Puzzler (D. Goodger), Pentominoes6x10
//     cost = quick
//
// A job has `expect` or `expect-distinct` or both: a count published up to symmetry only has the
// second alone. A relative path in a job file is taken relative to the job file's folder; a bare name of
// shipped pieces or a board (pentominoes, scott-8x8) is found as on the command line, so the
// shipped jobs run from the source tree, an installed tree or a copy anywhere.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>
#include <sstream>
#include <thread>

#include "cli.hpp"
#include "commands.hpp"
#include "count_report.hpp"
#include "data_files.hpp"
#include "flag_table.hpp"
#include "jobs.hpp"
#include "json.hpp"
#include "registry.hpp"
#include "report.hpp"
#include "svg.hpp"
#include "signals.hpp"
#include "xcount/distributed.hpp"
#include "xcount/text_file.hpp"

namespace po = boost::program_options;
namespace fs = std::filesystem;

namespace xcount::cli {

namespace {

po::options_description job_keys() { return flags_of(kJob); }

// Keys another command does not take are left out of its reading of a job file, but only the
// count's own: any other key is a mistake in the file.
void refuse_unknown_keys(po::parsed_options& parsed, const std::string& path) {
    const po::options_description count = flags_for(Command::count);
    for (const auto& option : parsed.options)
        if (option.unregistered && count.find_nothrow(option.string_key, false) == nullptr)
            throw InputError(path + ": unknown key " + quote_name(option.string_key));
    std::erase_if(parsed.options, [](const po::option& o) { return o.unregistered; });
}

// A switch (--check-fixed, --reduced) is written `key = true` in a job file; `key = false`
// leaves it off, and any other value is refused.
void settle_switches(po::parsed_options& parsed, const po::options_description& keys, const std::string& path) {
    std::erase_if(parsed.options, [&](const po::option& o) {
        const po::option_description* key = keys.find_nothrow(o.string_key, false);
        if (key == nullptr || key->semantic()->max_tokens() != 0) return false;
        const std::string value = o.value.empty() ? "true" : o.value.front();
        if (value != "true" && value != "false")
            throw InputError(path + ": " + quote_name(o.string_key) + " is a switch: true or false, not " + quote_name(value));
        return value == "false";
    });
}

// Values naming an existing file relative to the job's folder become paths to it; numbers and
// sizes stay what they say even where a file of that name lies beside the job.
void resolve_paths(po::parsed_options& parsed, const fs::path& folder) {
    for (auto& option : parsed.options)
        for (std::string& value : option.value) {
            std::error_code ec;
            const bool number_or_size = value.find_first_not_of("0123456789x") == std::string::npos;  // n = 8, board = 4x4
            if (!value.empty() && !number_or_size && fs::path(value).is_relative() && fs::exists(folder / value, ec))
                value = (folder / value).lexically_normal().string();
        }
}

std::string leading_comment(const std::string& text) {
    std::istringstream in(text);
    std::string line, comment;
    while (std::getline(in, line) && line.starts_with("#")) {
        if (line.back() == '\r') line.pop_back();
        const std::size_t start = line.find_first_not_of("# \t");
        if (start != std::string::npos) comment += (comment.empty() ? "" : " ") + line.substr(start);
    }
    while (!comment.empty() && (comment.back() == '\r' || comment.back() == ' ')) comment.pop_back();
    return comment;
}

// Runs f, naming the job file in any InputError it throws (unless it names it already).
template <class F>
auto within(const Job& job, F&& f) {
    try {
        return f();
    } catch (const InputError& e) {
        if (std::string(e.what()).rfind(job.path, 0) == 0) throw;
        throw InputError(job.path + ": " + e.what());
    }
}

Settings job_settings(const Job& job) {
    return within(job, [&] { return read_settings(Command::count, job.values); });
}

Problem job_problem(const Job& job, const Settings& settings) {
    return within(job, [&] { return load_within_memory(job.spec, job.values, settings); });
}

// What the key = value parser would misread: a control byte (a NUL cuts a line short) and an
// INI section, which would silently prefix every key below it.
void check_job_text(const std::string& text, const std::string& path) {
    std::istringstream lines(text);
    std::string line;
    for (long number = 1; std::getline(lines, line); ++number) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        for (std::size_t k = 0; k < line.size(); ++k) {
            const auto c = static_cast<unsigned char>(line[k]);
            if ((c < 0x20 && c != '\t') || c == 0x7f)
                throw InputError(located(path, number, static_cast<long>(k) + 1,
                                         "control character (byte " + std::to_string(c) + "): not a text file?"));
        }
        const std::size_t first = line.find_first_not_of(" \t");
        if (first != std::string::npos && line[first] == '[')
            throw InputError(located(path, number, static_cast<long>(first) + 1,
                                     "a section header " + quote_name(line.substr(first)) +
                                         ": a job file has no sections, only 'key = value' lines (problem = queens)"));
    }
}

}  // namespace

Job load_job(const std::string& given, const std::vector<std::string>& overrides, Command command) {
    const std::string path = data_job(given);
    Job job;
    job.path = path;
    job.name = fs::path(path).stem().string();
    const std::string text = read_text_file(path, "job file");
    check_job_text(text, path);
    refuse_placeholders(text, path);
    for (const std::string& flag : overrides) refuse_placeholders(flag, "run");
    const fs::path folder = fs::path(path).parent_path();
    try {
        // First pass: which problem, hence which model flags.
        std::istringstream first(text);
        const po::options_description keys = job_keys();  // parsed options point into it
        po::parsed_options head = po::parse_config_file(first, keys, true);
        for (const auto& option : head.options)
            for (const std::string& value : option.value) job.keys.emplace_back(option.string_key, value);
        resolve_paths(head, folder);
        po::variables_map known;
        po::store(head, known);
        if (!known.count("problem")) throw InputError(path + ": no 'problem' key");
        job.spec = known["problem"].as<std::string>();

        po::options_description all = flags_for(command);
        all.add(job_keys());
        if (const Model* model = find_model(job.spec)) {
            all.add(model_flags(*model));
        }
        po::store(po::command_line_parser(overrides).options(all).positional({}).run(), job.values);  // flags win
        std::istringstream second(text);
        po::parsed_options body = po::parse_config_file(second, all, command != Command::count);
        refuse_unknown_keys(body, path);
        settle_switches(body, all, path);
        resolve_paths(body, folder);
        po::store(body, job.values);
        po::notify(job.values);
    } catch (const po::error& e) {
        throw InputError(path + ": " + e.what());
    }
    if (command == Command::count && !job.values.count("expect") && !job.values.count("expect-distinct"))
        throw InputError(path + ": no 'expect' key (the published count), nor 'expect-distinct' (a count published up to symmetry only)");
    job.source = job.values["source"].as<std::string>();
    job.description = leading_comment(text);
    job.cost = job.values["cost"].as<std::string>();
    if (job.cost != "quick" && job.cost != "long") throw InputError(path + ": cost must be quick or long, not " + quote_name(job.cost));
    return job;
}

namespace {

std::vector<std::string> job_files(const std::string& folder) {
    std::error_code ec;
    if (!fs::is_directory(folder, ec)) throw InputError(folder + ": not a folder of job files");
    std::vector<std::string> files;
    for (const auto& entry : fs::directory_iterator(folder))
        if (entry.path().extension() == ".ini") files.push_back(entry.path().string());
    std::sort(files.begin(), files.end(),
              [](const std::string& a, const std::string& b) { return fs::path(a).stem() < fs::path(b).stem(); });
    if (files.empty()) throw InputError(folder + ": no job files (*.ini)");
    return files;
}

struct VerifyOptions {
    std::string folder = "jobs";
    bool all = false;
    double max_seconds = 0;
    int threads = 0;
    std::string html;   // the report file ("": none)
    bool json = false;  // JSON Lines instead of the table
};

// nullopt: --help was printed.
std::optional<VerifyOptions> parse_verify(const std::vector<std::string>& args) {
    const po::options_description flags = flags_of(kVerify);
    po::variables_map values = read_arguments(args, flags, "folder", 1);
    if (values.count("help")) {
        std::cout << "usage: xcount verify [FOLDER] [OPTIONS]: run every quick job (--all: every job) and compare\n"
                     "each total with its published count\n\n"
                  << flags;
        return std::nullopt;
    }
    VerifyOptions v;
    v.folder = values["folder"].as<std::string>();
    v.all = values.count("all") != 0;
    v.max_seconds = values["max-seconds"].as<double>();
    if (v.max_seconds < 0) throw InputError("--max-seconds must be at least 0");
    v.threads = static_cast<int>(ranged_flag(values, kVerify, "threads"));
    if (values.count("html")) v.html = values["html"].as<std::string>();
    if (values.count("html") && v.html.empty()) throw InputError("--html needs a file name");
    v.json = values.count("json") != 0;
    return v;
}

}  // namespace

int run_command(const std::string& job_path, const std::vector<std::string>& overrides) {
    const Job job = load_job(job_path, overrides);
    const Settings settings = job_settings(job);
    if (settings.help) {
        std::cout << "usage: xcount run JOB.ini [OPTIONS]: count the job's problem and check its published total;\n"
                     "options given here override the job file's\n";
        return kExitOk;
    }
    const Problem problem = [&] {
        const StopEndsProcess loading("reading and building the job's problem", settings.limits.max_seconds);
        return job_problem(job, settings);
    }();
    if (mpi_rank() == 0) print_warnings(problem);
    if (!settings.json && mpi_rank() == 0) std::cout << "job: " << job.name << (job.source.empty() ? "" : " (" + job.source + ")") << '\n';
    return count_command(problem, settings);
}

bool job_asks_for_mpi(const std::vector<std::string>& args) {
    if (args.size() < 2 || (args[0] != "run" && args[0] != "count") || !args[1].ends_with(".ini")) return false;
    try {
        return load_job(args[1], {}).values.count("mpi") != 0;
    } catch (...) {
        return false;
    }
}

namespace {

// The first solution's picture, found by a search bounded in nodes: a job's first solution
// normally comes early, and the report must not double a long job's time to draw it.
void add_picture(VerifiedJob& row, const Problem& problem, const Settings& settings) {
    constexpr std::uint64_t kPictureNodes = 50'000'000;
    if (!problem.picture) {
        row.picture_note = "no picture (a DLX file)";
        return;
    }
    if (row.found == "0") {
        row.picture_note = "no solution";
        return;
    }
    const FoundSolution first = find_solution(problem, settings, 1, kPictureNodes);
    if (first.options.empty()) {
        row.picture_note = first.complete ? "no solution" : "first solution not found within 50 M nodes";
        return;
    }
    row.picture = svg_of(problem.picture(first.options), row.name + ", first solution", 280);
}

// A verified job's limits: its own, and --max-seconds from the job's start if that is sooner.
StopLimits job_limits(StopLimits limits, double max_seconds) {
    if (max_seconds > 0 && (limits.max_seconds == 0 || max_seconds < limits.max_seconds)) limits.max_seconds = max_seconds;
    return limits;
}

VerifiedJob verify_job(const std::string& path, const VerifyOptions& options, bool with_picture) {
    VerifiedJob row;
    row.name = fs::path(path).stem().string();
    try {
        const Job job = load_job(path, {"--threads", std::to_string(options.threads)});
        row.description = job.description;
        row.source = job.source;
        for (const auto& [key, value] : job.keys)
            if (key != "expect" && key != "expect-distinct" && key != "source" && key != "cost") row.parameters.emplace_back(key, value);
        if (job.cost == "long" && !options.all) {
            row.status = "skipped";
            return row;
        }
        const Settings settings = job_settings(job);
        row.expected = settings.expect ? to_string(*settings.expect) : "-";  // published up to symmetry only
        const Problem problem = job_problem(job, settings);
        Outcome result;
        {
            Stop stop(&stop_on_signals(), job_limits(settings.limits, options.max_seconds));
            result = count_quietly(problem, settings, stop);
        }
        const Distinct distinct = distinct_of(result);
        row.seconds = result.seconds;
        row.updates = result.total.updates;
        row.found = to_string(result.total.solutions);
        row.partial = !result.total.complete;
        const std::string found_distinct = !distinct.counted ? "-" : distinct.value ? to_string(*distinct.value) : "NOT INTEGER";
        row.expected_distinct = settings.expect_distinct;
        if (distinct.counted) row.found_distinct = distinct.value;
        if (settings.expect_distinct || distinct.counted)
            row.distinct = (settings.expect_distinct ? to_string(*settings.expect_distinct) : "-") + "/" + found_distinct;
        if (!result.total.complete)
            row.status = received_signal() ? "STOPPED" : "TIMEOUT";
        else
            row.status = as_expected(settings, result.total.solutions, distinct) ? "ok" : "MISMATCH";
        if (with_picture && result.total.complete) add_picture(row, problem, settings);
    } catch (const InputError& e) {
        row.status = std::string("ERROR: ") + e.what();
    }
    return row;
}

}  // namespace

namespace {

std::string found_text(const VerifiedJob& row) { return row.partial ? "partial " + row.found : row.found; }

// A count as a JSON number and beside it its decimal string (JsonObject::exact), or both null.
void exact_or_null(JsonObject& o, const std::string& key, const std::optional<std::string>& decimal) {
    o.raw(key, decimal ? *decimal : "null").raw(key + "_exact", decimal ? json_quote(*decimal) : "null");
}

// `name_width`: the job column's, the longest name's in the folder (28 at least).
void print_row(const VerifiedJob& row, bool json, int name_width) {
    if (!json) {
        std::printf("%-*s %22s %22s %21s %9.2f  %s\n", name_width, row.name.c_str(), row.expected.c_str(), found_text(row).c_str(),
                    row.distinct.c_str(), row.seconds, row.status.c_str());
    } else {
        JsonObject o;
        o.field("job", row.name);
        exact_or_null(o, "expected", row.expected == "-" ? std::nullopt : std::optional<std::string>(row.expected));
        exact_or_null(o, "found", row.found == "-" ? std::nullopt : std::optional<std::string>(row.found));
        o.field("complete", !row.partial && row.found != "-");
        exact_or_null(o, "expected_distinct", row.expected_distinct ? std::optional(to_string(*row.expected_distinct)) : std::nullopt);
        exact_or_null(o, "found_distinct", row.found_distinct ? std::optional(to_string(*row.found_distinct)) : std::nullopt);
        o.field("seconds", row.seconds).field("updates", row.updates).field("status", row.status);
        std::printf("%s\n", o.str().c_str());
    }
    std::fflush(stdout);
}

}  // namespace

// Exit status: 1 when a job failed (a wrong count, an error), else 3 when one ran out of time
// or a signal stopped the run (its count is partial, not wrong), else 0.
int verify_command(const std::vector<std::string>& args) {
    const std::optional<VerifyOptions> parsed = parse_verify(args);
    if (!parsed) return kExitOk;
    const VerifyOptions& options = *parsed;
    const std::vector<std::string> files = job_files(data_folder(options.folder));
    check_output_file(options.html, "report page");
    int failures = 0, skipped = 0, timeouts = 0;
    std::vector<VerifiedJob> rows;
    std::size_t longest = 28;
    for (const std::string& path : files) longest = std::max(longest, fs::path(path).stem().string().size());
    const int name_width = static_cast<int>(longest);
    if (!options.json)
        std::printf("%-*s %22s %22s %21s %9s  %s\n", name_width, "job", "expected", "found", "distinct exp/found", "seconds", "status");
    std::size_t not_run = 0;  // jobs a signal left unrun
    for (std::size_t k = 0; k < files.size(); ++k) {
        const std::string& path = files[k];
        VerifiedJob row = verify_job(path, options, !options.html.empty());
        if (row.status == "skipped") {
            ++skipped;
            continue;
        }
        if (row.status == "TIMEOUT" || row.status == "STOPPED")
            ++timeouts;
        else if (row.status != "ok")
            ++failures;
        print_row(row, options.json, name_width);
        rows.push_back(std::move(row));
        if (received_signal()) {
            not_run = files.size() - k - 1;
            break;
        }
    }
    if (options.json)
        std::printf("%s\n", JsonObject()
                                .field("jobs", std::uint64_t{rows.size()})
                                .field("failed", failures)
                                .field("timed_out", timeouts)
                                .field("skipped", skipped)
                                .field("not_run", std::uint64_t{not_run})
                                .str()
                                .c_str());
    else
        std::printf("%d failed%s%s%s\n", failures, timeouts ? (", " + std::to_string(timeouts) + " stopped before the end").c_str() : "",
                    skipped ? (", " + std::to_string(skipped) + " long jobs skipped (--all runs them)").c_str() : "",
                    not_run ? (", stopped by a signal before the other " + std::to_string(not_run) + " jobs").c_str() : "");
    if (!options.html.empty()) {
        write_text_file(options.html, html_report(rows, options.folder, skipped));
        if (!options.json) std::printf("wrote %s\n", options.html.c_str());
    }
    if (failures) return kExitMismatch;
    return timeouts || received_signal() ? kExitPartial : kExitOk;
}

}  // namespace xcount::cli
