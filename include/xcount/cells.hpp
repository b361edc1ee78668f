// xcount/cells.hpp: exact cover with sparse sets ("dancing cells", Knuth's SSXC programs after
// Christine Solnon's idea), behind the same interface as the Dancer.
//
// Each item owns a block of `set_`: [pos][size][the nodes of its active options ...]. Hiding
// an option moves its node to the end of each other item's active part (a swap) and shrinks
// that size by one; restoring only grows the size back, since undoing in reverse order finds
// every hidden node exactly at the boundary. The active primary items are a sparse set too
// (`active_`, `pos` giving each one's place), so leaving and rejoining it is a swap and a
// count. Nodes are {item, loc}: the item's set block and the node's place in it.
//
// The search is the Dancer's, decision for decision: cover(i) hides every option of the
// chosen item, then each option o of i in turn covers o's other items; the item chosen is the
// one with fewest active options, ties going to the lowest item id (which is what DLX's ring
// order gives). So the tree, its node count, and its update count (one per node hidden, one per
// primary item leaving the active set) are the Dancer's exactly, and every prefix the splitter
// finds with one engine replays on the other; only the order in which an item's options are
// tried differs (sparse sets permute their members), which no count depends on.
//
// Restoration is a checksum of the state as sets (each item's active options as a set, the
// active items as a set, and every node's loc pointing at its place), since the order of a
// set's members is what the engine is allowed to change.
#pragma once

#include <atomic>
#include <cstdint>
#include <span>
#include <vector>

#include "xcount/dancer.hpp"
#include "xcount/matrix.hpp"

namespace xcount {

class Cells {
public:
    // The order in which an item's options are tried depends on the path that led there, so a
    // position (Limits::position) cannot say which were tried: a walk of Cells is not resumed
    // inside; the runner solves each subproblem in one piece.
    static constexpr bool kResumesInside = false;
    explicit Cells(const Matrix& matrix);

    SearchStats count(const Limits& limits = {});
    template <class Visit>
    SearchStats search(Visit&& visit, const Limits& limits = {});

    void replay(std::span<const OptionId> prefix);
    void push(OptionId option);
    void pop();
    void unwind();
    int depth() const { return depth_; }
    void set_forced_items(std::span<const ItemId> items, std::span<const char> second_below = {});
    void set_choice(Choice choice) { rule_ = choice; }
    void set_profile(LevelProfile* profile) { profile_ = profile; }

    template <class Policy>
    SearchStats walk(Policy& policy, const Limits& limits);

    OptionId option_at(int level) const { return node_option_[static_cast<std::size_t>(choice_[static_cast<std::size_t>(level)])]; }
    std::uint64_t checksum() const;
    std::size_t memory_bytes() const;

private:
    using Index = std::int32_t;
    struct Node {
        Index item;  // > 0: the base of the item's set block; <= 0 in a spacer (see below)
        Index loc;   // where in set_ this node sits; in a spacer: the next option's length
    };
    // A spacer follows each option: item = -(that option's length), so that from any node
    // x + item jumps back to the option's first node; loc = the next option's length, so that
    // from the spacer before an option, spacer + loc is that option's last node.

    Index& size(Index item) { return set_[static_cast<std::size_t>(item - 1)]; }
    Index size(Index item) const { return set_[static_cast<std::size_t>(item - 1)]; }
    Index& pos(Index item) { return set_[static_cast<std::size_t>(item - 2)]; }
    Index pos(Index item) const { return set_[static_cast<std::size_t>(item - 2)]; }
    bool is_active(Index item) const { return pos(item) < active_count_ && active_[static_cast<std::size_t>(pos(item))] == item; }

    Index choose() const;
    Index choose_by_rule(int level) const;
    Index choose_at(int level) const;
    std::uint64_t cover(Index item);
    void uncover(Index item);
    std::uint64_t cover_rest(Index node);
    void uncover_rest(Index node);
    void unwind_to(int level, int base);

    std::vector<Node> nodes_;
    std::vector<Index> set_;
    std::vector<Index> active_;         // active primary items (set bases); the first active_count_
    Index active_count_ = 0;
    Index first_secondary_ = 0;         // set bases from here on belong to secondary items
    std::vector<Index> option_first_;   // first node of each option
    std::vector<OptionId> node_option_;
    std::vector<Index> item_base_;      // set base of each item id
    std::vector<Index> choice_;         // node chosen at each level
    std::vector<Index> branch_;         // item chosen at each level
    std::vector<Index> tried_;          // how many of its options have been tried, per level
    std::vector<OptionId> solution_;
    int depth_ = 0;
    std::vector<Index> forced_;
    std::vector<char> second_below_;
    Choice rule_;
    ScanCosts scan_;
    std::vector<Index> primary_bases_;  // the primary items' set bases, in id order
    LevelProfile* profile_ = nullptr;

    std::size_t primary_index(Index base) const {
        return static_cast<std::size_t>(std::lower_bound(primary_bases_.begin(), primary_bases_.end(), base) - primary_bases_.begin());
    }
    std::uint64_t scan_cost(int level, Index item) const {
        const bool forced = detail::forcing_applies(*this, level, forced_.size(), second_below_) && forced_[static_cast<std::size_t>(level)] == item;
        return scan_.node(primary_ids_[primary_index(item)], forced);
    }
    std::vector<ItemId> primary_ids_;   // the primary items' ids, in id order
};

// ---- the hot path ----

inline Cells::Index Cells::choose() const {
    // Fewest active options, ties to the lowest item id: one 64-bit key per item.
    std::uint64_t best = ~std::uint64_t{0};
    for (Index k = 0; k < active_count_; ++k) {
        const Index item = active_[static_cast<std::size_t>(k)];
        const std::uint64_t key = static_cast<std::uint64_t>(static_cast<std::uint32_t>(size(item))) << 32 | static_cast<std::uint32_t>(item);
        if (key < best) {
            best = key;
            if (key >> 32 == 0) break;
        }
    }
    return static_cast<Index>(best & 0xffffffffu);
}

inline Cells::Index Cells::choose_at(int level) const {
    if (detail::forcing_applies(*this, level, forced_.size(), second_below_)) {
        const Index item = forced_[static_cast<std::size_t>(level)];
        if (is_active(item)) return item;
    }
    return rule_.rule == ChooseRule::mrv ? choose() : choose_by_rule(level);
}

// Hides every active option of `item` from its other items, then takes a primary item out of
// the active set. Kept out of line for the same register-pressure reason as the Dancer's.
[[gnu::noinline]] inline std::uint64_t Cells::cover(Index item) {
    Node* const nd = nodes_.data();
    Index* const set = set_.data();
    std::uint64_t updates = 1;  // the item leaving, as DLX counts it (secondary ones too)
    const Index end = item + size(item);
    for (Index p = item; p < end; ++p) {
        const Index z = set[p];
        for (Index w = z + 1; w != z;) {
            const Index k = nd[w].item;
            if (k <= 0) {
                w += k;
                continue;
            }
            // Swap w with the set's last active member (harmless when w is that member).
            const Index last = k + --set[k - 1];
            const Index at = nd[w].loc, other = set[last];
            set[at] = other;
            nd[other].loc = at;
            set[last] = w;
            nd[w].loc = last;
            ++updates;
            ++w;
        }
    }
    if (item < first_secondary_) {
        const Index at = pos(item), last = active_[static_cast<std::size_t>(--active_count_)];
        active_[static_cast<std::size_t>(at)] = last;
        pos(last) = at;
        active_[static_cast<std::size_t>(active_count_)] = item;
        pos(item) = active_count_;
    }
    return updates;
}

[[gnu::noinline]] inline void Cells::uncover(Index item) {
    Node* const nd = nodes_.data();
    Index* const set = set_.data();
    if (item < first_secondary_) ++active_count_;
    for (Index p = item + size(item) - 1; p >= item; --p) {
        const Index z = set[p];
        for (Index w = z - 1; w != z;) {
            const Index k = nd[w].item;
            if (k <= 0) {
                w += nd[w].loc;
                continue;
            }
            ++set[k - 1];
            --w;
        }
    }
}

inline std::uint64_t Cells::cover_rest(Index x) {
    std::uint64_t updates = 0;
    for (Index w = x + 1; w != x;) {
        const Index k = nodes_[static_cast<std::size_t>(w)].item;
        if (k <= 0) {
            w += k;
        } else {
            updates += cover(k);
            ++w;
        }
    }
    return updates;
}

inline void Cells::uncover_rest(Index x) {
    for (Index w = x - 1; w != x;) {
        const Node& n = nodes_[static_cast<std::size_t>(w)];
        if (n.item <= 0) {
            w += n.loc;
        } else {
            uncover(n.item);
            --w;
        }
    }
}

template <class Policy>
SearchStats Cells::walk(Policy& policy, const Limits& limits) {
    SearchStats stats;
    std::uint64_t updates = 0, nodes = 0;
    Index* const x = choice_.data();
    Index* const branch = branch_.data();
    Index* const tried = tried_.data();
    const int base = limits.resume_base >= 0 ? limits.resume_base : depth_;
    int level = depth_;
    Index best = 0;

forward:
    if ((limits.stop != nullptr && limits.stop->load(std::memory_order_relaxed)) || (limits.max_nodes != 0 && nodes >= limits.max_nodes)) {
        detail::record_position(*this, limits, base, level);
        goto interrupted;
    }
    if (active_count_ == 0) {
        if constexpr (Policy::cuts) {
            policy.cut(level);
        } else {
            ++nodes;
            if (profile_) profile_->record(level, 1, 0);
            ++stats.solutions;
            policy.solution(level);
            if (limits.max_solutions != 0 && stats.solutions >= limits.max_solutions) goto interrupted;
        }
        goto backup;
    }
    if constexpr (Policy::cuts) {
        if (level >= policy.cut_depth) {
            policy.cut(level);
            goto backup;
        }
    }
    best = choose_at(level);
    if constexpr (Policy::cuts) {
        if (size(best) == 0) {
            policy.cut(level);
            goto backup;
        }
    }
    ++nodes;
    {
        std::uint64_t u = cover(best);
        if (rule_.rule == ChooseRule::scan) u = scan_cost(level, best);
        updates += u;
        if (profile_) profile_->record(level, 1, u);
    }
    branch[level] = best;
    tried[level] = 0;

advance:
    if (tried[level] == size(best)) {
        uncover(best);
        goto backup;
    }
    x[level] = set_[static_cast<std::size_t>(best + tried[level])];
    {
        std::uint64_t u = cover_rest(x[level]);
        if (rule_.rule == ChooseRule::scan) u = 0;
        updates += u;
        if (profile_) profile_->record(level, 0, u);
    }
    ++level;
    goto forward;

backup:
    if (level == base) goto done;
    --level;
    best = branch[level];
    uncover_rest(x[level]);
    ++tried[level];
    goto advance;

interrupted:
    stats.complete = false;
    unwind_to(level, base);

done:
    depth_ = base;  // a resumed walk has backed up through the levels replayed for it
    stats.updates = updates;
    stats.nodes = nodes;
    return stats;
}

template <class Visit>
SearchStats Cells::search(Visit&& visit, const Limits& limits) {
    detail::VisitPolicy<Cells, std::remove_reference_t<Visit>> policy{.visit = visit, .engine = *this, .scratch = solution_};
    return walk(policy, limits);
}

}  // namespace xcount
