// `xcount status JOURNAL [--json]`: how far a (running or stopped) count has got, read from
// its checkpoint journal without disturbing it.
#include <algorithm>
#include <cstdio>
#include <iostream>
#include <optional>

#include "cli.hpp"
#include "commands.hpp"
#include "count_report.hpp"
#include "flag_table.hpp"
#include "json.hpp"
#include "xcount/frontier.hpp"
#include "xcount/journal.hpp"
#include "xcount/shard.hpp"

namespace po = boost::program_options;

namespace xcount::cli {

namespace {

// What the journal says, summed.
struct JournalStatus {
    std::size_t finished = 0, partial = 0;
    SearchStats so_far;                                // finished and partial subproblems together
    double finished_seconds = 0, partial_seconds = 0;  // thread-seconds
    std::optional<double> left;                        // thread-seconds still to go, at the finished ones' mean
};

JournalStatus summarise(const JournalContents& j) {
    JournalStatus s;
    for (std::size_t id = 0; id < j.results.size(); ++id) {
        const SubproblemResult& r = j.results[id];
        if (!j.header.owns(id) || (!r.finished && !r.partial())) continue;
        (r.finished ? s.finished : s.partial) += 1;
        (r.finished ? s.finished_seconds : s.partial_seconds) += r.seconds;
        SearchStats weighted = r.stats;  // the solutions they stand for (w=, under a reduction)
        weighted.solutions *= r.weight;
        s.so_far += weighted;  // checked: a sum past 2^64 updates throws
    }
    if (j.header.shard_index == 0) {  // the work above the cut, as the run's figures hold it (shard 0's under --shard)
        s.so_far.updates += j.header.above_updates;
        s.so_far.nodes += j.header.above_nodes;
    }
    if (s.finished > 0) {
        const double mean = s.finished_seconds / static_cast<double>(s.finished);
        s.left = std::max(0.0, mean * static_cast<double>(j.header.share() - s.finished) - s.partial_seconds);
    }
    return s;
}

// The layers saved by a count by layers beside the journal (JOURNAL.layers.ID), per subproblem;
// where MPI ranks shared them, the other ranks' states too (JOURNAL.layers.ID.rankR, R = 1, 2,
// ..., saved at the same position).
std::vector<std::pair<std::size_t, SavedLayers>> saved_layers_of(const std::string& journal, std::size_t subproblems) {
    std::vector<std::pair<std::size_t, SavedLayers>> saved;
    for (std::size_t id = 0; id < subproblems && id < 4096; ++id) {
        const std::string path = journal + ".layers." + std::to_string(id);
        auto layers = Frontier::saved_layers(path);
        if (!layers) continue;
        for (int rank = 1; auto other = Frontier::saved_layers(path + ".rank" + std::to_string(rank)); ++rank)
            if (other->position == layers->position) layers->states += other->states;
        saved.emplace_back(id, std::move(*layers));
    }
    return saved;
}

std::string layers_text(std::size_t id, const SavedLayers& saved) {
    std::uint64_t widest = saved.states;
    for (std::uint64_t states : saved.states_per_layer) widest = std::max(widest, states);
    return "subproblem #" + std::to_string(id) + " by layers: position " + std::to_string(saved.position) + " of " +
           std::to_string(saved.positions) + ", " + std::to_string(saved.states) +
           " states there (the most in a layer so far: " + std::to_string(widest) + ")";
}

}  // namespace

int status_command(const std::vector<std::string>& args) {
    const po::options_description flags = flags_of(kStatus);
    po::variables_map values = read_arguments(args, flags, "journal", 1);
    if (values.count("help")) {
        std::cout << "usage: xcount status JOURNAL [OPTIONS]: how far the count writing JOURNAL (--checkpoint) has got\n\n" << flags;
        return kExitOk;
    }
    if (!values.count("journal")) throw InputError("status: missing JOURNAL (the --checkpoint file of a count)");
    const std::string path = values["journal"].as<std::string>();
    const JournalContents j = read_journal(path);
    const JournalStatus s = summarise(j);
    const std::size_t total = j.header.share();  // the subproblems this journal's run counts: all, or its shard's
    const double percent = total ? 100.0 * static_cast<double>(s.finished) / static_cast<double>(total) : 100.0;
    const auto layers = saved_layers_of(path, j.header.subproblems);
    if (values.count("json")) {
        JsonObject o;
        o.field("journal", path).field("running", j.in_use).field("depth", j.header.depth).field("subproblems", std::uint64_t{total});
        j.header.sharded() ? o.field("shard", shard_text(j.header.shard_index, j.header.shard_count)) : o.raw("shard", "null");
        o.field("split_subproblems", std::uint64_t{j.header.subproblems});
        o.field("finished", std::uint64_t{s.finished}).field("in_progress", std::uint64_t{s.partial});
        o.field("solutions_found", s.so_far.solutions).field("updates", s.so_far.updates).field("nodes", s.so_far.nodes);
        o.field("thread_seconds", s.finished_seconds + s.partial_seconds);
        s.left ? o.field("thread_seconds_left", *s.left) : o.raw("thread_seconds_left", "null");
        o.field("complete", s.finished == total);
        std::string saved;
        for (const auto& [id, l] : layers) {
            JsonObject one;
            one.field("subproblem", std::uint64_t{id}).field("position", std::uint64_t{l.position});
            one.field("positions", std::uint64_t{l.positions}).field("states", l.states);
            saved += (saved.empty() ? "" : ", ") + one.str();
        }
        o.raw("layers", "[" + saved + "]");
        std::cout << o.str() << '\n';
        return kExitOk;
    }
    std::cout << "journal: " << path << (j.in_use ? " (a running xcount is writing it)" : " (no xcount is writing it)") << '\n'
              << "split depth: " << j.header.depth << ", subproblems: " << j.header.subproblems << '\n';
    if (j.header.sharded())
        std::cout << "shard " << shard_text(j.header.shard_index, j.header.shard_count) << ": its share is " << total << " of them (every "
                  << j.header.shard_count << "th from #" << j.header.shard_index << "); what follows is the shard's\n";
    std::cout << "finished: " << s.finished << " (" << percent_text(percent) << ")";
    if (s.partial) std::cout << ", " << s.partial << " more in progress";
    std::cout << '\n'
              << "solutions found: " << to_string(s.so_far.solutions)
              << " (in the subproblems journaled; under --symmetry reduce each representative's weighted by its orbit, as in the report)\n"
              << "updates: " << s.so_far.updates << ", nodes: " << s.so_far.nodes
              << " (in those subproblems and above the split, as the run counts them)\n"
              << "thread time so far: " << seconds_text(s.finished_seconds + s.partial_seconds) << " s\n";
    for (const auto& [id, l] : layers) std::cout << layers_text(id, l) << '\n';
    if (s.finished == total && j.header.sharded())
        std::cout << "complete: the shard's share is counted (its --out file holds it; xcount merge sums the shards' files)\n";
    else if (s.finished == total)
        std::cout << "complete: run the count again with this --checkpoint for its report\n";
    else if (s.left)
        std::cout << "thread time left: about " << seconds_text(*s.left)
                  << " s at the finished subproblems' mean (divide by the threads; on the high side where a long count "
                     "solves its largest first)\n";
    else
        std::cout << "thread time left: unknown until a subproblem has finished\n";
    return kExitOk;
}

}  // namespace xcount::cli
