// xcount/shard.hpp: one machine's share of a count, written to a file, and the merge of all
// shares into the total (what a Slurm job array runs).
//
// Shard I of K solves the subproblems whose id is I modulo K, so the shares are balanced in
// number and mix cheap and costly subtrees alike. Its result file carries the run's
// fingerprint (matrix, depth, mode, version), the ids it covered and its sums:
//
//     xcount-shard 1
//     fingerprint 7d2c...e1
//     depth 2
//     subproblems 376
//     shard 3/16
//     problem pentominoes on 6x10
//     solutions 581
//     updates 77218841
//     nodes 226160
//     seconds 0.541000
//     overcount 1              <- the model's overcount (labelled copies), divided out at the end
//     fixed identity=581;flip-x=0;flip-y=0;rot180=0   <- Fix(g) with --symmetry check, or "-"
//     ids 24 3 19 35 ...       <- how many, then the ids
//     check 5e1f...a0          <- hash of every byte above
//
// merge_shards refuses, naming the file: a missing, duplicated or foreign shard (another
// fingerprint, depth or K), an incomplete one, and a damaged or hand-edited one (the check).
#pragma once

#include <string>
#include <vector>

#include "xcount/dancer.hpp"

namespace xcount {

struct ShardResult {
    std::string fingerprint;
    int depth = 0;
    std::size_t subproblems = 0;
    std::size_t index = 0, count = 1;  // shard index/count
    std::string problem;
    SearchStats total;   // solutions weighted; shard 0 also holds the work above the cut
    double seconds = 0;  // thread time on its subproblems, over every run that counted them; merged: summed
    Count overcount = 1;
    std::vector<std::string> element_names;  // with --symmetry check, the group's elements
    std::vector<Count> fixed;                // and their Fix(g); both empty otherwise
    std::vector<std::size_t> ids;
};

// Parses "I/K" (0 <= I < K); InputError otherwise.
std::pair<std::size_t, std::size_t> parse_shard(const std::string& text);
// "I/K", as parse_shard reads it.
std::string shard_text(std::size_t index, std::size_t count);

// Written to a temporary file and renamed, so a file that exists is whole.
void write_shard(const std::string& path, const ShardResult& shard);
ShardResult read_shard(const std::string& path);

// The sum of all K shards of one run: every subproblem counted exactly once.
ShardResult merge_shards(const std::vector<std::string>& paths);

}  // namespace xcount
