// xcount/dancer.hpp: Knuth's Dancing Links (Algorithm X as in his DLX1) on flat int32 arrays.
//
// Layout, as in DLX1: items 1..N are linked in a ring through `links_` with the root 0 (only
// primary items; a secondary item links to itself, so the search is done when the ring is
// empty). `nodes_` holds {up, down, top}: entries 1..N are the item headers, whose `top` is the
// item's current length; then a spacer, and each option's nodes followed by a spacer. A spacer
// has top == 0, up = first node of the option before it, down = last node of the option after.
// Links are byte offsets (see Ref below). With the same matrix the search is DLX1's, update
// for update: 1,242,377,480 on the 6x10 pentomino board, as DLX1 reports.
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

// How the search picks the item to branch on. mrv (the default, Knuth's): fewest options,
// ties to the lowest item id. first: the lowest active item id. max: most options (ties to
// the lowest id). random: any active item. mrv-random: any among those with fewest options.
// scan: the first active item in the matrix's scan order (Matrix::scan_order), the rule of the
// scan engine; its updates are counted in the scan engine's unit by every engine (ScanCosts).
// The random rules draw from a hash of the seed and the options chosen on the path so far,
// so a choice depends only on where it is made: a split replays the same choices on any
// engine, thread or machine.
enum class ChooseRule { mrv, first, max, random, mrv_random, scan };
struct Choice {
    ChooseRule rule = ChooseRule::mrv;
    std::uint64_t seed = 0;
};

// The rules other than mrv, shared by the engines so that they choose alike: given the active
// primary items' lengths in id order and the options chosen on the path to this node, the
// position (in that order) of the item to branch on. Random draws are a hash of the seed and
// the path.
// Under scan, pass the items' ranks in the scan order as the lengths.
std::size_t choose_position(const Choice& choice, std::span<const std::uint64_t> lengths, std::span<const OptionId> path);

// The cost of a node under the scan rule, in the scan engine's unit: the options it tests
// there. Branching on the first open item in the scan order, it tests the options whose first
// item in that order is this one (every other option holding it holds an item already covered);
// on an item forced out of that order (symmetry reduction), every option holding it. Choosing
// an option costs nothing more. Every engine counts these under scan, so figures agree.
class ScanCosts {
public:
    explicit ScanCosts(const Matrix& matrix);
    std::uint32_t rank(ItemId item) const { return rank_[static_cast<std::size_t>(item)]; }
    std::uint64_t node(ItemId item, bool forced) const {
        return forced ? holding_[static_cast<std::size_t>(item)] : led_[static_cast<std::size_t>(item)];
    }

private:
    std::vector<std::uint32_t> rank_;     // per item: its place in the scan order (secondary: past the end)
    std::vector<std::uint32_t> led_;      // per item: options whose first item in the scan order it is
    std::vector<std::uint32_t> holding_;  // per item: options holding it
};

// Nodes and updates per level of the search tree (level 0: the root), as DLX1's v128 profile:
// what a user reads to choose a split depth. An engine given one adds its search's figures.
struct LevelProfile {
    std::vector<std::uint64_t> nodes, updates;
    void record(int level, std::uint64_t node, std::uint64_t update) {
        const auto k = static_cast<std::size_t>(level);
        if (k >= nodes.size()) nodes.resize(k + 1), updates.resize(k + 1);
        nodes[k] += node;
        updates[k] += update;
    }
    LevelProfile& operator+=(const LevelProfile& other);
};

struct Limits {
    Count max_solutions = 0;                    // 0: no limit
    const std::atomic<bool>* stop = nullptr;    // polled once per tree node
    std::uint64_t max_nodes = 0;                // stop before entering more tree nodes than this (0: no limit)
    // Carrying on inside a subtree: the walk's subtree is rooted at level resume_base, and the
    // levels from there to depth() were replayed as the position where an earlier walk of it
    // stopped; the walk does the rest of the subtree, as if it had never stopped (-1: a whole
    // walk of the subtree at depth()).
    int resume_base = -1;
    // When a stop or the node limit interrupts the walk: the options chosen from its base to
    // where it stopped (all the work before that position is in the figures returned). Replay
    // them and walk with resume_base to do the rest.
    std::vector<OptionId>* position = nullptr;
};

namespace detail {
// Whether `level` is one where the engine branches on its forced item (set_forced_items), when
// that item is still open: a forced level, and level 1 only below the level-0 options that
// second_below marks (all of them when it is empty).
template <class Engine>
bool forcing_applies(const Engine& engine, int level, std::size_t forced, const std::vector<char>& second_below) {
    return static_cast<std::size_t>(level) < forced &&
           (level != 1 || second_below.empty() || second_below[static_cast<std::size_t>(engine.option_at(0))]);
}

// What a walk interrupted at `level` leaves in limits.position (see Limits).
template <class Engine>
void record_position(const Engine& engine, const Limits& limits, int base, int level) {
    if (limits.position == nullptr) return;
    limits.position->clear();
    for (int k = base; k < level; ++k) limits.position->push_back(engine.option_at(k));
}
}  // namespace detail

class Dancer {
public:
    static constexpr bool kResumesInside = true;  // a stopped walk carries on from its position
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
    // What a push costs in updates: covering the item chosen there, and the option's other items.
    struct PushCost {
        std::uint64_t item = 0, rest = 0;
    };
    PushCost push(OptionId option);
    // What the search pays at a dead end here (an item with no option): covering the item.
    std::uint64_t dead_end_cost() const;
    void pop();
    bool solved() const { return link(0).next == 0; }  // every primary item covered
    // The options the search tries at the current depth, in its order (empty: a dead end).
    std::vector<OptionId> branch_options() const;
    void unwind();
    int depth() const { return depth_; }

    // Makes the search branch on items[k] at level k instead of the MRV choice, while that
    // item is still to be covered (empty: no such rule); items[1] only below the level-0
    // options o with second_below[o] set, when second_below is not empty. Symmetry reduction
    // needs every subtree below level k to hold one option of items[k].
    void set_forced_items(std::span<const ItemId> items, std::span<const char> second_below = {});
    void set_choice(Choice choice) { rule_ = choice; }
    void set_profile(LevelProfile* profile) { profile_ = profile; }  // nullptr: none (the default)

    // The walk behind count() and search(), exposed for the splitter. A Policy provides
    //   static constexpr bool cuts;   // true: leaves are cut() instead of searched
    //   int cut_depth;                // absolute level at which to cut (when cuts)
    //   void cut(int level);          // a subproblem: depth reached, a solution or a dead end
    //   void solution(int level);     // a solution (when !cuts); choices in choice(0..level)
    // With cuts, the stats count only the work above the cuts, so that the cut subtrees'
    // own searches add up to the unsplit search's figures exactly.
    template <class Policy>
    SearchStats walk(Policy& policy, const Limits& limits);

    OptionId option_at(int level) const {
        return node_option_[choice_[static_cast<std::size_t>(level)] / sizeof(Node)];
    }
    std::uint64_t checksum() const;
    std::size_t memory_bytes() const;

private:
    // A Ref is the byte offset of a node in nodes_ (index * sizeof(Node)): the hot loops then
    // address a field as base + ref + field with no multiply and no sign extension, which
    // halves their instruction count. Header refs also index links_, laid out at the same
    // stride. Spacers have top == 0 (slot 0 is the root, never a node of an option).
    using Ref = std::uint32_t;
    struct Node {
        Ref up, down;
        Ref top;  // the item's header; in a header: the item's length; in a spacer: 0
    };
    struct Link {
        Ref prev, next, unused;  // same stride as Node
    };
    static_assert(sizeof(Node) == sizeof(Link));
    static constexpr Ref kStride = sizeof(Node);

    Node& node(Ref r) { return *reinterpret_cast<Node*>(reinterpret_cast<char*>(nodes_.data()) + r); }
    const Node& node(Ref r) const { return *reinterpret_cast<const Node*>(reinterpret_cast<const char*>(nodes_.data()) + r); }
    Link& link(Ref r) { return *reinterpret_cast<Link*>(reinterpret_cast<char*>(links_.data()) + r); }
    const Link& link(Ref r) const { return *reinterpret_cast<const Link*>(reinterpret_cast<const char*>(links_.data()) + r); }

    Ref choose() const;
    Ref choose_by_rule(int level) const;  // the rules other than mrv (not on the hot path)
    std::uint64_t cover(Ref item);
    void uncover(Ref item);
    std::uint64_t cover_rest(Ref node);
    void uncover_rest(Ref node);
    void unwind_to(int level, int base);

    std::vector<Link> links_;
    std::vector<Node> nodes_;
    std::vector<Ref> option_first_;            // first node of each option
    std::vector<OptionId> node_option_;        // option of each node (by index), -1 for headers/spacers
    std::vector<Ref> choice_;                  // node chosen at each level
    std::vector<OptionId> solution_;           // scratch for search()'s visitor
    int depth_ = 0;                            // levels replayed
    std::vector<Ref> forced_;                  // headers forced at levels 0, 1, ...
    std::vector<char> second_below_;           // per option: force level 1 below it (empty: always)
    Choice rule_;
    ScanCosts scan_;
    LevelProfile* profile_ = nullptr;

    bool forced_at(int level, Ref item) const {
        return detail::forcing_applies(*this, level, forced_.size(), second_below_) && forced_[static_cast<std::size_t>(level)] == item;
    }
    std::uint64_t scan_cost(int level, Ref item) const { return scan_.node(static_cast<ItemId>(item / kStride) - 1, forced_at(level, item)); }
    Ref choose_at(int level) const {
        if (detail::forcing_applies(*this, level, forced_.size(), second_below_)) {
            const Ref item = forced_[static_cast<std::size_t>(level)];
            if (link(link(item).prev).next == item) return item;  // still in the ring
        }
        return rule_.rule == ChooseRule::mrv ? choose() : choose_by_rule(level);
    }
};

// ---- implementation of the hot path (inline so the policy's hooks vanish) ----

inline Dancer::Ref Dancer::choose() const {
    // Minimum remaining values; ties go to the first in ring order (Knuth's rule); the scan
    // stops at a length of 0. Stopping at 1 as well would pick a forced item ahead of a later
    // dead end and grow the tree (5x12 pentominoes: 794M updates instead of DLX1's 770M).
    Ref best = link(0).next;
    Ref least = node(best).top;
    for (Ref k = link(best).next; least > 0 && k != 0; k = link(k).next) {
        const Ref length = node(k).top;
        if (length < least) least = length, best = k;
    }
    return best;
}

// cover and uncover are kept out of line: inlined into walk() they lose registers to its
// state and spill in the innermost loop (callgrind: 7% more instructions).
[[gnu::noinline]] inline std::uint64_t Dancer::cover(Ref item) {
    const Ref l = link(item).prev, r = link(item).next;
    link(l).next = r;
    link(r).prev = l;
    std::uint64_t updates = 1;
    for (Ref rr = node(item).down; rr != item; rr = node(rr).down) {
        for (Ref nn = rr + kStride; nn != rr;) {
            const Node& n = node(nn);
            const Ref t = n.top;
            if (t == 0) {
                nn = n.up;
                continue;
            }
            node(n.up).down = n.down;
            node(n.down).up = n.up;
            --node(t).top;
            ++updates;
            nn += kStride;
        }
    }
    return updates;
}

[[gnu::noinline]] inline void Dancer::uncover(Ref item) {
    for (Ref rr = node(item).up; rr != item; rr = node(rr).up) {
        for (Ref nn = rr - kStride; nn != rr;) {
            const Node& n = node(nn);
            const Ref t = n.top;
            if (t == 0) {
                nn = n.down;
                continue;
            }
            node(n.up).down = nn;
            node(n.down).up = nn;
            ++node(t).top;
            nn -= kStride;
        }
    }
    const Ref l = link(item).prev, r = link(item).next;
    link(l).next = item;
    link(r).prev = item;
}

// Covers the other items of the option holding `at`, left to right, cyclically.
inline std::uint64_t Dancer::cover_rest(Ref at) {
    std::uint64_t updates = 0;
    for (Ref p = at + kStride; p != at;) {
        const Ref t = node(p).top;
        if (t == 0) {
            p = node(p).up;
        } else {
            updates += cover(t);
            p += kStride;
        }
    }
    return updates;
}

inline void Dancer::uncover_rest(Ref at) {
    for (Ref p = at - kStride; p != at;) {
        const Ref t = node(p).top;
        if (t == 0) {
            p = node(p).down;
        } else {
            uncover(t);
            p -= kStride;
        }
    }
}

template <class Policy>
SearchStats Dancer::walk(Policy& policy, const Limits& limits) {
    SearchStats stats;
    std::uint64_t updates = 0, nodes = 0;
    Ref* x = choice_.data();
    const int base = limits.resume_base >= 0 ? limits.resume_base : depth_;
    int level = depth_;
    Ref best = 0, cur = 0;

forward:
    if ((limits.stop != nullptr && limits.stop->load(std::memory_order_relaxed)) || (limits.max_nodes != 0 && nodes >= limits.max_nodes)) {
        detail::record_position(*this, limits, base, level);
        goto interrupted;
    }
    if (link(0).next == 0) {
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
        if (node(best).top == 0) {  // a dead end above the cut depth is a subproblem too
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
    cur = node(best).down;

advance:
    if (cur == best) {
        uncover(best);
        goto backup;
    }
    x[level] = cur;
    {
        std::uint64_t u = cover_rest(cur);
        if (rule_.rule == ChooseRule::scan) u = 0;
        updates += u;
        if (profile_) profile_->record(level, 0, u);
    }
    ++level;
    goto forward;

backup:
    if (level == base) goto done;
    --level;
    cur = x[level];
    best = node(cur).top;
    uncover_rest(cur);
    cur = node(cur).down;
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

namespace detail {
struct CountPolicy {
    static constexpr bool cuts = false;
    int cut_depth = 0;
    void cut(int) {}
    void solution(int) {}
};

template <class Engine, class Visit>
struct VisitPolicy {
    static constexpr bool cuts = false;
    int cut_depth = 0;
    Visit& visit;
    const Engine& engine;
    std::vector<OptionId>& scratch;
    void cut(int) {}
    void solution(int level) {
        scratch.clear();
        for (int k = 0; k < level; ++k) scratch.push_back(engine.option_at(k));
        visit(std::span<const OptionId>(scratch));
    }
};
}  // namespace detail

template <class Visit>
SearchStats Dancer::search(Visit&& visit, const Limits& limits) {
    detail::VisitPolicy<Dancer, std::remove_reference_t<Visit>> policy{.visit = visit, .engine = *this, .scratch = solution_};
    return walk(policy, limits);
}

}  // namespace xcount
