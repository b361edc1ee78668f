// `xcount run JOB.ini` and `xcount verify [DIR]`: job files are the CLI's flags in Boost's
// config-file syntax, plus `problem`, `expect`, `source` and `cost`:
//
//     # jobs/pentomino-6x10.ini
//     problem = polyomino
//     pieces = ../problems/pieces/pentominoes.txt
//     board = 6x10
//     expect = 9356
//     expect-distinct = 2339
//     source = Polyform Puzzler (D. Goodger), Pentominoes6x10
//     cost = quick
//
// A relative path in a job file is taken relative to the job file's folder.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <sstream>
#include <thread>

#include "cli.hpp"
#include "commands.hpp"
#include "jobs.hpp"
#include "registry.hpp"
#include "signals.hpp"
#include "xcount/distributed.hpp"
#include "xcount/text_file.hpp"

namespace po = boost::program_options;
namespace fs = std::filesystem;

namespace xcount::cli {

namespace {

po::options_description job_keys() {
    po::options_description keys("Job file keys");
    keys.add_options()("problem", po::value<std::string>(), "a model name or a DLX file")(
        "source", po::value<std::string>()->default_value(""), "where the expected count is published")(
        "cost", po::value<std::string>()->default_value("quick"), "quick (under 10 s) or long");
    return keys;
}

// Values naming an existing file relative to the job's folder become paths to it.
void resolve_paths(po::parsed_options& parsed, const fs::path& folder) {
    for (auto& option : parsed.options)
        for (std::string& value : option.value) {
            std::error_code ec;
            if (!value.empty() && fs::path(value).is_relative() && fs::exists(folder / value, ec))
                value = (folder / value).lexically_normal().string();
        }
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

}  // namespace

Job load_job(const std::string& path, const std::vector<std::string>& overrides) {
    Job job;
    job.path = path;
    job.name = fs::path(path).stem().string();
    const std::string text = read_text_file(path, "job file");
    refuse_placeholders(text, path);
    for (const std::string& flag : overrides) refuse_placeholders(flag, "run");
    const fs::path folder = fs::path(path).parent_path();
    try {
        // First pass: which problem, hence which model flags.
        std::istringstream first(text);
        const po::options_description keys = job_keys();  // parsed options point into it
        po::parsed_options head = po::parse_config_file(first, keys, true);
        resolve_paths(head, folder);
        po::variables_map known;
        po::store(head, known);
        if (!known.count("problem")) throw InputError(path + ": no 'problem' key");
        job.spec = known["problem"].as<std::string>();

        po::options_description all = flags_for(Command::count);
        all.add(job_keys());
        if (const Model* model = find_model(job.spec)) {
            po::options_description own(model->name + " options");
            model->declare(own);
            all.add(own);
        }
        po::store(po::command_line_parser(overrides).options(all).positional({}).run(), job.values);  // flags win
        std::istringstream second(text);
        po::parsed_options body = po::parse_config_file(second, all);
        resolve_paths(body, folder);
        po::store(body, job.values);
        po::notify(job.values);
    } catch (const po::error& e) {
        throw InputError(path + ": " + e.what());
    }
    if (!job.values.count("expect")) throw InputError(path + ": no 'expect' key (the published count)");
    job.source = job.values["source"].as<std::string>();
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
    std::sort(files.begin(), files.end(), [](const std::string& a, const std::string& b) {
        return fs::path(a).stem() < fs::path(b).stem();
    });
    if (files.empty()) throw InputError(folder + ": no job files (*.ini)");
    return files;
}

struct VerifyOptions {
    std::string folder = "jobs";
    bool all = false;
    double max_seconds = 0;
    int threads = 0;
};

// nullopt: --help was printed.
std::optional<VerifyOptions> parse_verify(const std::vector<std::string>& args) {
    po::options_description flags("Options");
    flags.add_options()("help,h", "show this help")("all", "run the long jobs too")(
        "max-seconds", po::value<double>()->default_value(0), "stop a job after this long and call it failed (0: no limit)")(
        "threads,t", po::value<long long>()->default_value(0), "OpenMP threads (0: all cores)")(
        "folder", po::value<std::string>()->default_value("jobs"), "the folder of job files");
    po::positional_options_description positional;
    positional.add("folder", 1);
    po::variables_map values;
    po::store(po::command_line_parser(args).options(flags).positional(positional).run(), values);
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
    v.threads = static_cast<int>(flag_in_range(values, "threads", 0, 4096));
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
    const Problem problem = job_problem(job, settings);
    if (!settings.json && mpi_rank() == 0) std::cout << "job: " << job.name << (job.source.empty() ? "" : " (" + job.source + ")") << '\n';
    return count_command(problem, settings);
}

int verify_command(const std::vector<std::string>& args) {
    const std::optional<VerifyOptions> parsed = parse_verify(args);
    if (!parsed) return kExitOk;
    const VerifyOptions& options = *parsed;
    int failures = 0, skipped = 0;
    const std::vector<std::string> files = job_files(options.folder);
    std::printf("%-28s %22s %22s %21s %9s  %s\n", "job", "expected", "found", "distinct exp/found", "seconds", "status");
    for (const std::string& path : files) {
        const std::string name = fs::path(path).stem().string();
        std::string expected = "-", found = "-", distinct = "-", status;
        double seconds = 0;
        try {
            const Job job = load_job(path, {"--threads", std::to_string(options.threads)});
            if (job.cost == "long" && !options.all) {
                ++skipped;
                continue;
            }
            const Settings settings = job_settings(job);
            expected = to_string(*settings.expect);
            const Problem problem = job_problem(job, settings);
            std::atomic<bool> stop{false};
            CountResult result;
            {
                Watchdog watchdog(stop, options.max_seconds);
                result = count_quietly(problem, settings, stop);
            }
            seconds = result.seconds;
            found = to_string(result.total.solutions);
            const std::string found_distinct = !result.distinct_counted ? "-" : result.distinct ? to_string(*result.distinct) : "NOT INTEGER";
            if (settings.expect_distinct || result.distinct_counted)
                distinct = (settings.expect_distinct ? to_string(*settings.expect_distinct) : "-") + "/" + found_distinct;
            const bool distinct_ok = (!result.distinct_counted || result.distinct) &&
                                     (!settings.expect_distinct || (result.distinct && *result.distinct == *settings.expect_distinct));
            if (!result.total.complete) status = received_signal() ? "STOPPED" : "TIMEOUT";
            else status = result.total.solutions == *settings.expect && distinct_ok ? "ok" : "MISMATCH";
        } catch (const InputError& e) {
            status = std::string("ERROR: ") + e.what();
        }
        if (status != "ok") ++failures;
        std::printf("%-28s %22s %22s %21s %9.2f  %s\n", name.c_str(), expected.c_str(), found.c_str(), distinct.c_str(), seconds,
                    status.c_str());
        std::fflush(stdout);
        if (received_signal()) break;
    }
    std::printf("%d failed%s\n", failures, skipped ? (", " + std::to_string(skipped) + " long jobs skipped (--all runs them)").c_str() : "");
    if (received_signal()) return kExitPartial;
    return failures ? kExitMismatch : kExitOk;
}

}  // namespace xcount::cli
