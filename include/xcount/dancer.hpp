// xcount/dancer.hpp: Knuth's Dancing Links (Algorithm X as in his DLX1) on flat int32 arrays.
//
// Layout, as in DLX1: items 1..N are linked in a ring through `links_` with the root 0 (only
// primary items; a secondary item links to itself, so the search is done when the ring is
// empty). `nodes_` holds {up, down, top}: entries 1..N are the item headers, whose `top` is the
// item's current length; then a spacer, and each option's nodes followed by a spacer. A spacer
// has top <= 0, up = first node of the option before it, down = last node of the option after.
//
//     Dancer d(matrix);
//     SearchStats s = d.count();                       // all solutions, count only
//     d.search([](std::span<const OptionId> sol) {...}, Limits{.max_solutions = 2});
//
// Contract: a search leaves the links exactly as it found them (checksum() proves it), also
// when stopped by a limit or the stop flag. The search is iterative with an explicit
// per-level stack sized at construction: it never allocates and never recurses.
//
// Costs are counted in Knuth's units: `updates` is one per item unlinked from the ring plus one
// per node unlinked from a column; `nodes` is one per search-tree node entered (including
// solution leaves). replay() puts the dancer into the state the search reaches by choosing the
// given options (covering exactly as the search would, uncounted), so a subproblem's search
// below a prefix costs what the same subtree costs in the unsplit search.
#pragma once

#include <atomic>
#include <cstdint>
#include <span>
#include <vector>

#include "xcount/count.hpp"
#include "xcount/matrix.hpp"

namespace xcount {

struct SearchStats {
    Count solutions = 0;
    std::uint64_t updates = 0;
    std::uint64_t nodes = 0;
    bool complete = true;  // false when a limit or the stop flag ended the search early

    SearchStats& operator+=(const SearchStats& other);
};

struct Limits {
    Count max_solutions = 0;                    // 0: no limit
    const std::atomic<bool>* stop = nullptr;    // polled once per tree node
};

class Dancer {
public:
    explicit Dancer(const Matrix& matrix);

    // Every solution below the current state, counted.
    SearchStats count(const Limits& limits = {});

    // The same search, calling visit(std::span<const OptionId>) for each solution, the
    // replayed prefix included; the count-only path above pays nothing for this.
    template <class Visit>
    SearchStats search(Visit&& visit, const Limits& limits = {});

    // Replays choices as the search would make them: at each level the item the search would
    // choose must belong to the given option (InputError otherwise). unwind() undoes them all.
    void replay(std::span<const OptionId> prefix);
    void push(OptionId option);
    void pop();
    void unwind();
    int depth() const { return depth_; }

    // The walk behind count() and search(), exposed for the splitter. A Policy provides
    //   static constexpr bool cuts;   // true: leaves are cut() instead of searched
    //   int cut_depth;                // absolute level at which to cut (when cuts)
    //   void cut(int level);          // a subproblem: depth reached, a solution or a dead end
    //   void solution(int level);     // a solution (when !cuts); choices in choice(0..level)
    // With cuts, the stats count only the work above the cuts, so that the cut subtrees'
    // own searches add up to the unsplit search's figures exactly.
    template <class Policy>
    SearchStats walk(Policy& policy, const Limits& limits);

    OptionId option_at(int level) const { return node_option_[static_cast<std::size_t>(choice_[static_cast<std::size_t>(level)])]; }
    std::uint64_t checksum() const;
    std::size_t memory_bytes() const;

private:
    struct Node {
        std::int32_t up, down, top;
    };
    struct Link {
        std::int32_t prev, next;
    };

    std::int32_t choose() const;
    std::uint64_t cover(std::int32_t item);
    void uncover(std::int32_t item);
    std::uint64_t cover_rest(std::int32_t node);
    void uncover_rest(std::int32_t node);
    void unwind_to(int level, int base);

    std::vector<Link> links_;
    std::vector<Node> nodes_;
    std::vector<std::int32_t> option_first_;   // first node of each option
    std::vector<OptionId> node_option_;        // option of each node, -1 for headers/spacers
    std::vector<std::int32_t> choice_;         // node chosen at each level
    std::vector<OptionId> solution_;           // scratch for search()'s visitor
    int depth_ = 0;                            // levels replayed
};

// ---- implementation of the hot path (inline so the policy's hooks vanish) ----

inline std::int32_t Dancer::choose() const {
    // Minimum remaining values; ties go to the first in ring order (Knuth's rule); a length
    // of 0 or 1 cannot be beaten usefully, so the scan stops there.
    const Link* ln = links_.data();
    const Node* nd = nodes_.data();
    std::int32_t best = ln[0].next;
    std::int32_t least = nd[best].top;
    for (std::int32_t k = ln[best].next; least > 1 && k != 0; k = ln[k].next) {
        const std::int32_t length = nd[k].top;
        if (length < least) least = length, best = k;
    }
    return best;
}

inline std::uint64_t Dancer::cover(std::int32_t item) {
    Link* ln = links_.data();
    Node* nd = nodes_.data();
    const std::int32_t l = ln[item].prev, r = ln[item].next;
    ln[l].next = r;
    ln[r].prev = l;
    std::uint64_t updates = 1;
    for (std::int32_t rr = nd[item].down; rr != item; rr = nd[rr].down) {
        for (std::int32_t nn = rr + 1; nn != rr;) {
            const std::int32_t t = nd[nn].top;
            if (t <= 0) {
                nn = nd[nn].up;
                continue;
            }
            const std::int32_t u = nd[nn].up, d = nd[nn].down;
            nd[u].down = d;
            nd[d].up = u;
            --nd[t].top;
            ++updates;
            ++nn;
        }
    }
    return updates;
}

inline void Dancer::uncover(std::int32_t item) {
    Link* ln = links_.data();
    Node* nd = nodes_.data();
    for (std::int32_t rr = nd[item].up; rr != item; rr = nd[rr].up) {
        for (std::int32_t nn = rr - 1; nn != rr;) {
            const std::int32_t t = nd[nn].top;
            if (t <= 0) {
                nn = nd[nn].down;
                continue;
            }
            const std::int32_t u = nd[nn].up, d = nd[nn].down;
            nd[u].down = nn;
            nd[d].up = nn;
            ++nd[t].top;
            --nn;
        }
    }
    const std::int32_t l = ln[item].prev, r = ln[item].next;
    ln[l].next = item;
    ln[r].prev = item;
}

// Covers the other items of the option holding `node`, left to right, cyclically.
inline std::uint64_t Dancer::cover_rest(std::int32_t node) {
    const Node* nd = nodes_.data();
    std::uint64_t updates = 0;
    for (std::int32_t p = node + 1; p != node;) {
        const std::int32_t t = nd[p].top;
        if (t <= 0) {
            p = nd[p].up;
        } else {
            updates += cover(t);
            ++p;
        }
    }
    return updates;
}

inline void Dancer::uncover_rest(std::int32_t node) {
    const Node* nd = nodes_.data();
    for (std::int32_t p = node - 1; p != node;) {
        const std::int32_t t = nd[p].top;
        if (t <= 0) {
            p = nd[p].down;
        } else {
            uncover(t);
            --p;
        }
    }
}

template <class Policy>
SearchStats Dancer::walk(Policy& policy, const Limits& limits) {
    SearchStats stats;
    std::uint64_t updates = 0, nodes = 0;
    const Link* ln = links_.data();
    const Node* nd = nodes_.data();
    std::int32_t* x = choice_.data();
    const int base = depth_;
    int level = base;
    std::int32_t best = 0, cur = 0;

forward:
    if (limits.stop != nullptr && limits.stop->load(std::memory_order_relaxed)) goto interrupted;
    if (ln[0].next == 0) {
        if constexpr (Policy::cuts) {
            policy.cut(level);
        } else {
            ++nodes;
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
    best = choose();
    if constexpr (Policy::cuts) {
        if (nd[best].top == 0) {  // a dead end above the cut depth is a subproblem too
            policy.cut(level);
            goto backup;
        }
    }
    ++nodes;
    updates += cover(best);
    cur = nd[best].down;

advance:
    if (cur == best) {
        uncover(best);
        goto backup;
    }
    x[level] = cur;
    updates += cover_rest(cur);
    ++level;
    goto forward;

backup:
    if (level == base) goto done;
    --level;
    cur = x[level];
    best = nd[cur].top;
    uncover_rest(cur);
    cur = nd[cur].down;
    goto advance;

interrupted:
    stats.complete = false;
    unwind_to(level, base);

done:
    stats.updates = updates;
    stats.nodes = nodes;
    return stats;
}

namespace detail {
struct CountPolicy {
    static constexpr bool cuts = false;
    int cut_depth = 0;
    void cut(int) {}
    void solution(int) {}
};

template <class Visit>
struct VisitPolicy {
    static constexpr bool cuts = false;
    int cut_depth = 0;
    Visit& visit;
    const Dancer& dancer;
    std::vector<OptionId>& scratch;
    void cut(int) {}
    void solution(int level) {
        scratch.clear();
        for (int k = 0; k < level; ++k) scratch.push_back(dancer.option_at(k));
        visit(std::span<const OptionId>(scratch));
    }
};
}  // namespace detail

template <class Visit>
SearchStats Dancer::search(Visit&& visit, const Limits& limits) {
    detail::VisitPolicy<std::remove_reference_t<Visit>> policy{.visit = visit, .dancer = *this, .scratch = solution_};
    return walk(policy, limits);
}

}  // namespace xcount
