// The files a count writes beside its figures: --subproblem-stats and a shard's --out.
#include "count_run.hpp"
#include "json.hpp"
#include "xcount/shard.hpp"
#include "xcount/text_file.hpp"

namespace xcount::cli {

namespace {

// One line per finished subproblem: its figures, when this run started it (seconds after the
// run began; absent if an earlier run did) and the plan's estimate of its updates (a long count's).
void write_subproblem_stats(const std::string& path, const Plan& plan, const RunReport& report, const std::vector<double>& started) {
    std::string lines;
    for (std::size_t id = 0; id < plan.split.size(); ++id) {
        const SubproblemResult& r = report.results[id];
        if (!r.finished) continue;
        std::string prefix = "[";
        for (OptionId o : plan.split.prefix(id)) prefix += (prefix.size() > 1 ? ", " : "") + std::to_string(o);
        JsonObject line;
        line.field("id", std::uint64_t{id})
            .raw("prefix", prefix + "]")
            .field("solutions", r.stats.solutions)
            .field("updates", r.stats.updates)
            .field("nodes", r.stats.nodes)
            .field("seconds", r.seconds);
        if (started[id] >= 0) line.field("started", started[id]);
        if (!plan.work.empty()) line.field("estimated_updates", plan.work[id]);
        lines += line.str() + '\n';
    }
    write_text_file(path, lines);
}

}  // namespace

void write_run_files(const Problem& problem, const Plan& plan, const Settings& settings, const RunReport& report,
                     const std::vector<double>& started, const std::string& fingerprint, Outcome& outcome) {
    try {
        if (!settings.subproblem_stats.empty()) write_subproblem_stats(settings.subproblem_stats, plan, report, started);
        if (!settings.out.empty() && outcome.total.complete) {
            double thread_seconds = 0;  // on the shard's subproblems, in every run that counted them (the journal's too)
            for (std::size_t id : report.own) thread_seconds += as_journaled(report.results[id].seconds);
            write_shard(settings.out, ShardResult{fingerprint, plan.split.depth(), plan.split.size(), settings.run.shard_index,
                                                  settings.run.shard_count, problem.name, report.total, thread_seconds, problem.overcount,
                                                  outcome.element_names, report.fixed, report.own});
        }
    } catch (const InputError& e) {
        if (outcome.failure.empty()) outcome.failure = e.what();
    }
}

}  // namespace xcount::cli
