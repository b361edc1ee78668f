#include "count_report.hpp"

#include <sys/resource.h>

#include <cstdio>
#include <iostream>
#include <stdexcept>

#include "cli.hpp"
#include "json.hpp"
#include "memory.hpp"
#include "xcount/distributed.hpp"
#include "xcount/shard.hpp"
#include "xcount/symmetry.hpp"

namespace xcount::cli {

namespace {

bool distinct_ok(const Settings& settings, const Distinct& d) {
    if (d.recount_differs || (d.counted && !d.value)) return false;
    return !settings.expect_distinct || (d.value && *d.value == *settings.expect_distinct);
}

// Fix(g) by class: each class that fixes some solution, where a line holds them, else how many.
std::string classes_fixed_text(const Outcome& o) {
    constexpr std::size_t kEachNamed = 12;
    const auto fixing = static_cast<std::size_t>(std::count_if(o.fixed.begin(), o.fixed.end(), [](const Count& f) { return f != 0; }));
    if (fixing <= kEachNamed) return fixed_text(o.element_names, o.fixed);
    return "identity " + to_string(o.fixed[0]) + "; " + std::to_string(fixing - 1) + " other classes of the " +
           std::to_string(o.fixed.size()) + " fix some, the others none (--json lists each class with its size)";
}

void print_symmetry(const Settings& settings, const Outcome& o, const Distinct& d) {
    if (o.symmetry.empty()) return;
    std::cout << "symmetry: " << o.symmetry << '\n';
    if (!o.fixed.empty())
        std::cout << "fixed: " << (o.class_sizes.empty() ? fixed_text(o.element_names, o.fixed) : classes_fixed_text(o)) << '\n';
    if (!o.fixed_recounted.empty()) {
        std::cout << "fixed, recounted on the problems each symmetry fixes:";
        if (!o.class_sizes.empty() && !d.recount_differs)
            std::cout << " the same for each of the " << o.fixed.size() << " classes";
        else
            for (std::size_t k = 1; k < o.fixed_recounted.size(); ++k)
                std::cout << (k > 1 ? ", " : " ") << o.element_names[k] << ' ' << to_string(o.fixed_recounted[k]);
        std::cout << (d.recount_differs ? " (MISMATCH: Fix(g) counted two ways differs, a bug)" : " (ok)") << '\n';
    }
    if (o.fixed_recount_stopped)
        std::cout << "fixed, recounted on the problems each symmetry fixes: not done (stopped " << o.fixed_stop
                  << " while counting them; the figures above are whole, the check is not: run again to recount)\n";
    if (d.counted && d.value) std::cout << "distinct: " << to_string(*d.value) << " (up to symmetry, by Burnside's lemma)\n";
    if (d.counted && !d.value) std::cout << "distinct: NOT AN INTEGER: the sum of Fix(g) is not a multiple of the group's order (a bug)\n";
    if (settings.expect_distinct && d.counted)
        std::cout << "expected distinct: " << to_string(*settings.expect_distinct) << (distinct_ok(settings, d) ? " (ok)" : " (MISMATCH)")
                  << '\n';
}

void print_profile(const Outcome& o) {
    const LevelProfile& profile = *o.profile;
    std::cout << "profile" << (o.resumed ? " (this run only: " + std::to_string(o.resumed) + " resumed subproblems not in it)" : "")
              << (o.total.complete ? "" : " (the work of the subproblems stopped part way too)")
              << ":\n  level          nodes          updates\n";
    for (std::size_t k = 0; k < profile.nodes.size(); ++k) {
        char line[96];
        std::snprintf(line, sizeof line, "  %5zu %14llu %16llu\n", k, static_cast<unsigned long long>(profile.nodes[k]),
                      static_cast<unsigned long long>(profile.updates[k]));
        std::cout << line;
    }
    if (profile.stored.empty()) return;
    std::cout << "states stored, by their first open item (its position in the scan order):\n"
              << "  position  item                 states\n";
    for (std::size_t p = 0; p < profile.stored.size(); ++p) {
        if (profile.stored[p] == 0) continue;
        char line[128];
        std::snprintf(line, sizeof line, "  %8zu  %-12s %14llu\n", p, o.stored_items[p].c_str(),
                      static_cast<unsigned long long>(profile.stored[p]));
        std::cout << line;
    }
}

}  // namespace

std::string fixed_text(const std::vector<std::string>& names, const std::vector<Count>& fixed) {
    constexpr std::size_t kEachNamed = 8;  // up to the square's symmetries, every element; a cube's 48 fit no line
    std::string text;
    std::size_t zeros = 0;
    for (std::size_t k = 0; k < fixed.size(); ++k) {
        if (fixed.size() > kEachNamed && k > 0 && fixed[k] == 0) {
            ++zeros;
            continue;
        }
        text += (text.empty() ? "" : ", ") + names[k] + ' ' + to_string(fixed[k]);
    }
    if (zeros) text += "; 0 for the other " + std::to_string(zeros);
    return text;
}

// The unit of updates (xcount::updates_unit) in words, for the report.
std::string updates_unit_text(const std::string& unit) {
    return unit == "links removed" ? "links removed from item lists (Knuth's DLX updates)"
                                   : "options tested at each node (the scan rule's unit, not comparable with DLX's updates)";
}

std::string resumed_text(std::size_t finished, std::size_t partly) {
    if (finished == 0 && partly == 0) return "";
    const std::string carried =
        std::to_string(partly) + (partly == 1 ? " carried on from where it stopped" : " carried on from where they stopped");
    if (finished == 0) return " (" + carried + ")";
    return " (" + std::to_string(finished) + " resumed from the checkpoint" + (partly ? ", " + carried : "") + ")";
}

std::string percent_text(double percent) {
    char text[32];
    std::snprintf(text, sizeof text, "%.1f%%", percent);
    return text;
}

std::string seconds_text(double seconds) {
    char text[32];
    std::snprintf(text, sizeof text, seconds < 1 ? "%.6f" : seconds < 1000 ? "%.3f" : "%.0f", seconds);
    return text;
}

std::string duration_text(double seconds) {
    char text[64];
    if (seconds < 120)
        std::snprintf(text, sizeof text, "%.3g s", seconds);
    else if (seconds < 2 * 3600)
        std::snprintf(text, sizeof text, "%.3g minutes", seconds / 60);
    else if (seconds < 2 * 86400)
        std::snprintf(text, sizeof text, "%.3g hours", seconds / 3600);
    else
        std::snprintf(text, sizeof text, "%.3g days", seconds / 86400);
    return text;
}

Distinct distinct_of(const Outcome& o) {
    if (o.fixed.empty() || !o.total.complete || o.shard_count > 1) return {};
    const auto value = o.class_sizes.empty() ? burnside(o.fixed) : burnside(o.fixed, o.class_sizes);
    return {true, value, !o.fixed_recounted.empty() && o.fixed_recounted != o.fixed};
}

namespace {

std::string slowest_json(const Outcome& o) {
    std::string slow = "[";
    for (const auto& [id, seconds] : o.slowest)
        slow += (slow.size() > 1 ? ", " : "") + JsonObject().field("id", std::uint64_t{id}).field("seconds", seconds).str();
    return slow + "]";
}

std::string profile_json(const LevelProfile& profile) {
    std::string levels = "[";
    for (std::size_t k = 0; k < profile.nodes.size(); ++k)
        levels += (k ? ", " : "") +
                  JsonObject().field("level", std::uint64_t{k}).field("nodes", profile.nodes[k]).field("updates", profile.updates[k]).str();
    return levels + "]";
}

std::string stored_json(const Outcome& o) {
    std::string positions = "[";
    for (std::size_t p = 0; p < o.profile->stored.size(); ++p)
        if (o.profile->stored[p])
            positions += (positions.size() > 1 ? ", " : "") + JsonObject()
                                                                  .field("position", std::uint64_t{p})
                                                                  .field("item", o.stored_items[p])
                                                                  .field("states", o.profile->stored[p])
                                                                  .str();
    return positions + "]";
}

// The most resident memory this process has held (the kernel's figure): what --max-memory bounds.
std::uint64_t peak_memory_bytes() {
    rusage usage{};
    return getrusage(RUSAGE_SELF, &usage) == 0 ? static_cast<std::uint64_t>(usage.ru_maxrss) * 1024 : 0;
}

std::string memo_json(const Outcome& o) {
    return JsonObject()
        .field("merged", o.total.merged)
        .field("stored", o.memo.stored)
        .field("evicted", o.memo.evicted)
        .field("dropped", o.memo.dropped)
        .field("entries", std::uint64_t{o.memo.entries})
        .field("table_bytes", std::uint64_t{o.memo.bytes})
        .field("growth_refused", o.memo.growth_refused)
        .field("renamed_symbols", std::uint64_t{o.renamed_symbols})
        .field("renamed_sets", std::uint64_t{o.renamed_sets})
        .str();
}

// The group's figures: Fix(g), its recount, the count up to symmetry and its check.
void symmetry_json(JsonObject& j, const Settings& settings, const Outcome& o, const Distinct& d) {
    if (!o.fixed.empty()) {
        JsonObject fixed, fixed_exact;
        for (std::size_t k = 0; k < o.fixed.size(); ++k) {
            fixed.field(o.element_names[k], o.fixed[k]);
            fixed_exact.field(o.element_names[k], to_string(o.fixed[k]));
        }
        if (o.class_sizes.empty()) {
            j.field("group_order", std::uint64_t{o.fixed.size()});
        } else {
            Count order = 0;
            JsonObject sizes;
            for (std::size_t k = 0; k < o.class_sizes.size(); ++k) {
                order += o.class_sizes[k];
                sizes.field(o.element_names[k], to_string(o.class_sizes[k]));
            }
            j.exact("group_order", order).raw("class_sizes", sizes.str());
        }
        j.raw("fixed", fixed.str()).raw("fixed_exact", fixed_exact.str());
    }
    if (!o.fixed_recounted.empty()) {
        JsonObject recounted;
        for (std::size_t k = 1; k < o.fixed_recounted.size(); ++k) recounted.field(o.element_names[k], o.fixed_recounted[k]);
        j.raw("fixed_recounted", recounted.str()).field("fixed_recount_matches", !d.recount_differs);
    }
    if (o.fixed_recount_stopped) j.raw("fixed_recounted", "null").raw("fixed_recount_matches", "null");  // not checked
    if (d.counted) d.value ? j.exact("distinct", *d.value) : j.raw("distinct", "null");
    if (settings.expect_distinct)
        j.exact("expected_distinct", *settings.expect_distinct).field("matches_distinct", distinct_ok(settings, d));
}

void print_json(const Heading& problem, const Settings& settings, const Outcome& o, const Distinct& d) {
    JsonObject j;
    j.field("problem", problem.name);
    if (problem.items) j.field("items", std::uint64_t{problem.items}).field("options", std::uint64_t{problem.options});
    j.exact("solutions", o.total.solutions)
        .field("updates", o.total.updates)
        .field("nodes", o.total.nodes)
        .field("seconds", o.seconds)
        .field("peak_memory", peak_memory_bytes())
        .field("complete", o.total.complete);
    if (o.shards_merged)  // the shards' threads, engines and times are theirs, not the merge's
        j.field("shards", std::uint64_t{o.shards_merged}).field("depth", o.depth).field("subproblems", std::uint64_t{o.subproblems});
    else
        j.field("threads", o.threads)
            .field("ranks", std::max(1, mpi_size()))
            .field("engine", o.engine)
            .field("depth", o.depth)
            .field("subproblems", std::uint64_t{o.subproblems})
            .field("resumed", std::uint64_t{o.resumed})
            .raw("slowest", slowest_json(o))
            .field("updates_unit", o.updates_unit);
    if (o.memo.stored) j.raw("memo", memo_json(o));
    if (o.largest_share) j.field("largest_rank_nodes", o.largest_share);
    if (settings.expect && o.total.complete) j.exact("expected", *settings.expect).field("matches", *settings.expect == o.total.solutions);
    if (settings.expect && !o.total.complete) j.exact("expected", *settings.expect).raw("matches", "null");  // not checked
    if (o.shard_count > 1) j.field("shard", shard_text(o.shard_index, o.shard_count));
    if (!o.symmetry.empty()) j.field("symmetry", o.symmetry);
    if (!o.choice.empty()) j.field("choose", o.choice);
    if (o.profile) j.raw("profile", profile_json(*o.profile));
    if (o.profile && !o.profile->stored.empty()) j.raw("stored_by_position", stored_json(o));
    symmetry_json(j, settings, o, d);
    std::cout << j.str() << '\n';
}

// The figures of the count: its total and work, and the check against --expect.
// A mismatch where the expected count is the count up to symmetry: the likely mix-up, named.
std::string mismatch_text(const Heading& problem, Count expected, const Distinct& d) {
    if (!d.value || *d.value != expected) return " (MISMATCH)";
    return " (MISMATCH: " + to_string(expected) + " is the count up to symmetry; --expect-distinct " + to_string(expected) +
           " checks that" + (problem.distinct_flag.empty() ? "" : ", and " + problem.distinct_flag + " counts it") + ")";
}

void print_totals(const Heading& problem, const Settings& settings, const Outcome& o, const Distinct& d) {
    const bool at_limit = settings.limit != 0 && o.total.solutions == settings.limit;
    const char* partial = at_limit ? " (stopped at --limit: not the total)" : " (stopped early: not the total)";
    std::cout << "problem: " << problem.name << '\n'
              << "solutions: " << to_string(o.total.solutions) << (o.total.complete ? "" : partial) << '\n'
              << "updates: " << o.total.updates << '\n'
              << "nodes: " << o.total.nodes << '\n'
              << "seconds: " << seconds_text(o.seconds)
              << (o.shards_merged ? " (thread time on the shards' subproblems, summed: the same for every merge of them)" : "") << '\n';
    if (settings.expect)
        std::cout << "expected: " << to_string(*settings.expect)
                  << (!o.total.complete                       ? " (not checked: the count stopped early)"
                      : *settings.expect == o.total.solutions ? " (ok)"
                                                              : mismatch_text(problem, *settings.expect, d))
                  << '\n';
    if (o.shard_count > 1)
        std::cout << "shard: " << shard_text(o.shard_index, o.shard_count) << " (this share only: xcount merge the " << o.shard_count
                  << " result files for the total)\n";
}

// "states keyed up to renaming 12 symbols in 2 sets", or nothing where none are renamed.
std::string renaming_text(std::size_t symbols, std::size_t sets) {
    if (!symbols) return "";
    std::string text = "states keyed up to renaming " + std::to_string(symbols) + " symbols";
    if (sets > 1) text += " in " + std::to_string(sets) + " sets";
    return text;
}

// How the count ran: threads, engine, split, the memo table, the slowest subproblems.
void print_run(const Settings& settings, const Outcome& o) {
    if (settings.verbose || !settings.limit) {
        std::cout << "threads: " << o.threads;
        if (mpi_size() > 1) std::cout << " per rank, MPI ranks: " << mpi_size();
        if (!o.engine.empty()) std::cout << ", engine: " << o.engine;
        std::cout << ", split depth: " << o.depth << ", subproblems: " << o.subproblems;
        std::cout << resumed_text(o.resumed, o.resumed_partly);
        std::cout << '\n';
    }
    if (!o.updates_unit.empty()) std::cout << "updates counted: " << updates_unit_text(o.updates_unit) << '\n';
    if (o.memo.stored)
        std::cout << "memo: " << o.total.merged << " nodes merged, " << o.memo.stored << " states stored (" << o.memo.evicted
                  << " over others: the table was full; " << o.memo.dropped << " not: another thread held its shard), " << o.memo.entries
                  << " held in " << size_text(static_cast<double>(o.memo.bytes))
                  << (o.memo.growth_refused ? " (the system refused it more memory: it stopped growing there, which costs time only)" : "")
                  << (o.renamed_symbols ? "; " + renaming_text(o.renamed_symbols, o.renamed_sets) : "") << '\n';
    if (o.engine == engine_name(EngineKind::frontier) && o.renamed_symbols)
        std::cout << "layers: " << renaming_text(o.renamed_symbols, o.renamed_sets)
                  << " (those that keep every item on its side of the window)\n";
    if (o.largest_share && o.total.nodes)
        std::cout << "layers shared by " << mpi_size() << " ranks: the most states one moved, " << o.largest_share << ", is "
                  << percent_text(100.0 * static_cast<double>(o.largest_share) / static_cast<double>(o.total.nodes)) << " of the "
                  << o.total.nodes << " moved (an even share: " << percent_text(100.0 / std::max(1, mpi_size())) << ")\n";
    if (!o.slowest.empty()) {
        std::cout << "slowest subproblems:";
        for (const auto& [id, seconds] : o.slowest) std::cout << " #" << id << " " << seconds_text(seconds) << " s";
        std::cout << '\n';
    }
}

}  // namespace

void print(const Heading& problem, const Settings& given, const Outcome& o) {
    Settings settings = given;
    if (o.shard_count > 1) {  // checked by the merge
        settings.expect.reset();
        settings.expect_distinct.reset();
    }
    const Distinct d = distinct_of(o);
    if (settings.json) return print_json(problem, settings, o, d);
    print_totals(problem, settings, o, d);
    print_symmetry(settings, o, d);
    if (!o.choice.empty()) std::cout << "choose: " << o.choice << '\n';
    if (o.profile) print_profile(o);
    if (o.shards_merged) return;  // no split of its own to describe
    print_run(settings, o);
}

void divide_overcount(Count overcount, Outcome& outcome) {
    if (overcount == 1 || outcome.shard_count > 1) return;  // a share is divided once merged
    if (outcome.total.complete && outcome.total.solutions % overcount != 0)
        throw std::logic_error("the search's total is not a multiple of the model's overcount");
    outcome.total.solutions /= overcount;
}

int verdict(const Settings& settings, const Outcome& outcome) {
    if (!outcome.total.complete || outcome.fixed_recount_stopped) return kExitPartial;
    if (outcome.shard_count > 1) return kExitOk;  // a share: the merge checks the total
    return as_expected(settings, outcome.total.solutions, distinct_of(outcome)) ? kExitOk : kExitMismatch;
}

bool as_expected(const Settings& settings, Count solutions, const Distinct& distinct) {
    return (!settings.expect || *settings.expect == solutions) && distinct_ok(settings, distinct);
}

}  // namespace xcount::cli
