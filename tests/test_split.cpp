// The split: subproblems that add up to the unsplit search at every depth, walks resumed from
// their positions, and the automatic depth.
#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <optional>
#include <numeric>
#include <random>

#include "helpers.hpp"
#include "latin.hpp"
#include "queens.hpp"
#include "xcount/bits.hpp"
#include "xcount/cells.hpp"
#include "xcount/small_bits.hpp"
#include "xcount/runner.hpp"
#include "xcount/estimate.hpp"
#include "xcount/symmetry.hpp"

using namespace xcount;

TEMPLATE_TEST_CASE("subproblems add up to the unsplit search, figure for figure, at every depth", "[split]", Dancer, Cells, Bits, WideBits,
                   SmallBits, SmallBits512) {
    for (const test::Case& c : test::split_cases()) {
        const SearchStats whole = Dancer(c.matrix).count();
        for (int depth = 0; depth <= 5; ++depth) {
            INFO(c.name << ", depth " << depth);
            const Split split = split_at_depth(c.matrix, depth);
            SearchStats sum = split.above();
            TestType d(c.matrix);  // the split is the dancer's; either engine replays it
            const std::uint64_t pristine = d.checksum();
            for (std::size_t id = 0; id < split.size(); ++id) {
                REQUIRE(split.prefix(id).size() <= static_cast<std::size_t>(depth));
                d.replay(split.prefix(id));
                sum += d.count();
                d.unwind();
                REQUIRE(d.checksum() == pristine);
            }
            CHECK(sum.solutions == whole.solutions);
            CHECK(sum.updates == whole.updates);
            CHECK(sum.nodes == whole.nodes);
            CHECK(split.above().solutions == 0);
        }
    }
}

// A subproblem walked in slices of k nodes: each slice stops at the node limit, leaves its
// position, and the next replays it and carries on (what a journal resumes).
template <class Engine>
SearchStats in_slices(Engine& engine, std::span<const OptionId> prefix, std::uint64_t k, LevelProfile* profile, std::size_t& slices) {
    SearchStats sum;
    std::vector<OptionId> position;
    engine.set_profile(profile);
    for (slices = 1;; ++slices) {
        engine.replay(prefix);
        engine.replay(position);
        std::vector<OptionId> next;
        const SearchStats slice = engine.count(Limits{.max_nodes = k, .resume_base = static_cast<int>(prefix.size()), .position = &next});
        REQUIRE(engine.depth() == static_cast<int>(prefix.size()));
        engine.unwind();
        sum.solutions += slice.solutions;
        sum.updates += slice.updates;
        sum.nodes += slice.nodes;
        if (slice.complete) break;
        position = next;
    }
    engine.set_profile(nullptr);
    return sum;
}

TEMPLATE_TEST_CASE("a walk stopped anywhere resumes from its position to the same figures", "[split][resume]", Dancer, Bits, WideBits,
                   SmallBits, SmallBits512) {
    for (const test::Case& c : test::split_cases()) {
        for (int depth : {0, 2}) {
            const Split split = split_at_depth(c.matrix, depth);
            TestType d(c.matrix);
            const std::uint64_t pristine = d.checksum();
            for (std::size_t id = 0; id < split.size(); ++id) {
                d.replay(split.prefix(id));
                LevelProfile whole_profile;
                d.set_profile(&whole_profile);
                const SearchStats whole = d.count();
                d.set_profile(nullptr);
                d.unwind();
                for (std::uint64_t k : {1, 2, 3, 7, 50}) {
                    INFO(c.name << ", depth " << depth << ", subproblem " << id << ", slices of " << k << " nodes");
                    LevelProfile profile;
                    std::size_t slices = 0;
                    const SearchStats sum = in_slices(d, split.prefix(id), k, &profile, slices);
                    CHECK(sum.solutions == whole.solutions);
                    CHECK(sum.updates == whole.updates);
                    CHECK(sum.nodes == whole.nodes);
                    CHECK(profile.nodes == whole_profile.nodes);
                    CHECK(profile.updates == whole_profile.updates);
                    CHECK(slices >= whole.nodes / k);
                    REQUIRE(d.checksum() == pristine);
                }
            }
        }
    }
}

TEST_CASE("the test set has solutions and dead ends above the split depth", "[split]") {
    // Queens 4 at depth 3: the tree has dead ends at depths 1 and 2 (prefixes shorter than 3).
    const Split split = split_at_depth(make_queens(4).matrix, 3);
    std::size_t shorter = 0;
    for (std::size_t id = 0; id < split.size(); ++id) shorter += split.prefix(id).size() < 3 ? 1 : 0;
    CHECK(shorter > 0);
    // Solutions {a b} at depth 1, and {a s}{b}, {a}{b s}, {a}{b} at depth 2: subproblems of their own.
    const Matrix m = test::dlx("a b | s\na b\na s\nb s\na\nb\n");
    CHECK(test::brute_force_count(m) == 4);
    CHECK(Dancer(m).count().solutions == 4);
    const Split deep = split_at_depth(m, 4);
    Count sum = 0;
    Dancer d(m);
    for (std::size_t id = 0; id < deep.size(); ++id) {
        d.replay(deep.prefix(id));
        sum += d.count().solutions;
        d.unwind();
    }
    CHECK(sum == 4);
    std::size_t solutions_above = 0;
    for (std::size_t id = 0; id < deep.size(); ++id) solutions_above += deep.prefix(id).size() < 4 ? 1 : 0;
    CHECK(solutions_above == deep.size());
}

TEST_CASE("the split is deterministic", "[split]") {
    const Matrix m = make_queens(9).matrix;
    const Split a = split_at_depth(m, 3), b = split_at_depth(m, 3);
    REQUIRE(a.size() == b.size());
    for (std::size_t id = 0; id < a.size(); ++id) {
        const auto x = a.prefix(id), y = b.prefix(id);
        CHECK(std::vector<OptionId>(x.begin(), x.end()) == std::vector<OptionId>(y.begin(), y.end()));
    }
}

TEST_CASE("automatic depth: the smallest giving enough subproblems, and it stops where the tree ends", "[split]") {
    const Matrix m = make_queens(8).matrix;
    const Split s = split_automatically(m, 64);
    CHECK(s.size() >= 64);
    CHECK(split_at_depth(m, s.depth() - 1).size() < 64);
    const Split tiny = split_automatically(test::dlx(test::kKnuthExample), 1000);
    CHECK(tiny.size() < 1000);
    CHECK(tiny.depth() <= 4);
}

TEST_CASE("automatic depth: levels that do not branch are not counted against the depth cap", "[split]") {
    // The reduced Latin square of order 7: its first row and column are 13 forced choices, a
    // path of one node each, and the tree branches only below them.
    const Matrix m = make_latin(7, true).matrix;
    const Split s = split_automatically(m, 128);
    CHECK(s.size() >= 128);
    CHECK(s.depth() > 12);
}
