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
//
// A matrix with colours (Matrix::has_colours) is searched as Knuth's Algorithm C (DLX2) does:
// taking an option purifies each secondary item it colours (hides the options that give the
// item another colour or none, and marks those that give it the same one, which then stay in
// place) and covers the items it holds without a colour; the hiding skips the marked nodes.
//
// A matrix with multiplicities (lo:hi|item) is searched as Knuth's Algorithm M (DLX3) does, with
// his figures: each primary item has a bound (how many more options may hold it) and a slack
// (hi - lo); the item branched on minimises len + min(slack, bound) - bound + 1 (ties: less
// slack, then the longer list, then ring order), a score of 0 or less is a dead end costing no
// update, and the branch either takes the item's next option, "tweaking" the ones before it out
// of the list, or, once the item needs no more, makes the null move that closes the item with
// no option. The path then holds null moves beside options (SearchSkeleton::is_option).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "xcount/matrix.hpp"
#include "xcount/search.hpp"

namespace xcount {

class Dancer : public SearchSkeleton<Dancer, std::uint32_t> {
public:
    static constexpr bool kMultiplicities = true;
    explicit Dancer(const Matrix& matrix);
    static bool fits(const Matrix&) { return true; }  // any size, colours and multiplicities too

    // What the search pays at a dead end here (an item with no option): covering the item.
    std::uint64_t dead_end_cost() const;
    // The options the search tries at the current depth, in its order (empty: a dead end).
    std::vector<OptionId> branch_options() const;
    // Takes the options as choices whatever item the rule would branch on: a prefix cut in
    // another rule's tree, to search or probe below with this one. InputError when an option
    // holds no primary item still open or an earlier choice hid it. pop()/unwind() undo it.
    void place(std::span<const OptionId> prefix);

    bool has_null_moves() const { return multiplicities_; }  // Algorithm M's paths hold them beside options
    OptionId option_at(int level) const { return node_option_[choice_[static_cast<std::size_t>(level)] / sizeof(Node)]; }
    std::uint64_t checksum() const;
    std::size_t memory_bytes() const;

private:
    friend class SearchSkeleton<Dancer, std::uint32_t>;
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

    void link_items(const Matrix& matrix);                          // the root's ring of primary items; secondary ones alone
    void lay_out_options(const Matrix& matrix, std::size_t total);  // the options' nodes below the headers
    // The levels a search may need under Algorithm M (each takes an option of its item, at most
    // once each and at most hi of them, or closes the item), with the bounds it keeps.
    std::size_t levels_with_multiplicities(const Matrix& matrix);

    std::uint64_t cover(Ref item);
    void uncover(Ref item);
    std::uint64_t cover_rest(Ref node);
    void uncover_rest(Ref node);
    Ref option_node(OptionId option, Ref item) const;  // the option's node in the item's column (a spacer: none)

    // The skeleton's hooks (search.hpp).
    bool solved_at(int) const { return link(0).next == 0; }
    bool is_open(int, Ref item) const { return link(link(item).prev).next == item; }  // still in the ring
    Ref choose_mrv(int level) const;
    Ref choose_m() const;
    template <class F>
    void for_each_open(int, F f) const {
        for (Ref k = link(0).next; k != 0; k = link(k).next) f(k, item_id(k), std::uint64_t{node(k).top});
    }
    ItemId item_id(Ref item) const { return static_cast<ItemId>(item / kStride) - 1; }
    bool dead_end(int, Ref item) const { return multiplicities_ ? score(item) <= 0 : node(item).top == 0; }
    std::uint64_t open(int level, Ref item) {
        branch_[static_cast<std::size_t>(level)] = item;
        choice_[static_cast<std::size_t>(level)] = item;  // the first option is the one below
        if (extended_) [[unlikely]]
            return multiplicities_ ? open_m(level, item) : cover_general(item);
        return cover(item);
    }
    // Algorithm M comes through here too: a branch it has ended points to the list's last node,
    // and the end of the list may still hold its null move.
    bool next(int level, std::uint64_t& cost) {
        const auto l = static_cast<std::size_t>(level);
        const Ref at = node(choice_[l]).down;
        if (at == branch_[l]) return multiplicities_ && null_move(level, cost);
        choice_[l] = at;
        cost = take_rest(at);
        return true;
    }
    // The other items of the option holding `at`: covered, or committed (colours, bounds).
    std::uint64_t take_rest(Ref at) {
        if (extended_) [[unlikely]]
            return multiplicities_ ? take_m(at) : commit_rest(at);
        return cover_rest(at);
    }
    void retreat(int level) {
        if (extended_) [[unlikely]] {
            if (multiplicities_)
                retreat_m(level);
            else
                uncommit_rest(choice_[static_cast<std::size_t>(level)]);
        } else {
            uncover_rest(choice_[static_cast<std::size_t>(level)]);
        }
    }
    void close(int level) {
        if (extended_) [[unlikely]] {
            if (multiplicities_)
                close_m(level);
            else
                uncover_general(branch_[static_cast<std::size_t>(level)]);
        } else {
            uncover(branch_[static_cast<std::size_t>(level)]);
        }
    }
    // Colours (Algorithm C) and multiplicities (Algorithm M), out of the plain path. A node's
    // colour, -1 once found to agree (a node that agrees stays where it is).
    std::int32_t& colour(Ref r) { return colour_[r / kStride]; }
    std::int32_t colour_of(Ref r) const { return coloured_ ? colour_[r / kStride] : 0; }
    bool agrees(Ref r) const { return coloured_ && colour_[r / kStride] < 0; }
    std::uint64_t hide_others(Ref at);  // the other nodes of at's option leave their columns
    void unhide_others(Ref at);
    std::uint64_t hide_column(Ref item);  // the other nodes of the item's options leave theirs
    void unhide_column(Ref item);
    std::uint64_t cover_general(Ref item);
    void uncover_general(Ref item);
    std::uint64_t purify(Ref at);  // at's item keeps only the options giving it at's colour
    void unpurify(Ref at);
    std::uint64_t commit_rest(Ref at);  // the other items of at's option: covered, purified or counted
    void uncommit_rest(Ref at);
    void unlink_item(Ref item) {
        const Ref l = link(item).prev, r = link(item).next;
        link(l).next = r;
        link(r).prev = l;
    }
    void relink_item(Ref item) {
        const Ref l = link(item).prev, r = link(item).next;
        link(l).next = item;
        link(r).prev = item;
    }

    // Algorithm M. A primary item's bound and slack, by header.
    std::int32_t& bound(Ref item) { return bound_[item / kStride]; }
    std::int32_t bound(Ref item) const { return bound_[item / kStride]; }
    std::int32_t slack(Ref item) const { return slack_[item / kStride]; }
    bool counted(Ref item) const { return multiplicities_ && slack_[item / kStride] >= 0; }  // a primary item
    // The branching degree; 0 or less: a dead end.
    std::int64_t score(Ref item) const;
    // Before branching on the item: whether the walk there reaches the choice at `position` in
    // its list (the list's length: the null move).
    bool reaches(Ref item, std::uint32_t position) const;
    // Algorithm M's walk over a list ends once it holds no more than bound - slack options (with
    // both 0, each option is taken in turn and the list is never spent).
    static bool list_spent(std::int64_t bound, std::int64_t slack, std::int64_t length) {
        return (bound != 0 || slack != 0) && length <= bound - slack;
    }
    std::uint64_t tweak(Ref at, bool block);  // at leaves its item's list (and its option the others')
    void untweak(Ref item, Ref first, bool unblock);
    std::uint64_t open_m(int level, Ref item);
    void end_if_spent(int level);  // no option left to try: the list is down to bound - slack
    // Takes at: tweaks it out of its list (unless bound and slack are 0: then each option is taken
    // in turn, the item covered), then commits its option's other items.
    std::uint64_t take_m(Ref at);
    bool null_move(int level, std::uint64_t& cost);
    void retreat_m(int level);
    void close_m(int level);
    std::size_t option_count() const { return option_first_.size(); }
    bool holds(OptionId option, Ref item) const {
        if (!is_option(option)) return node_option_[item / kStride] == option;  // the item's null move
        return node(option_node(option, item)).top == item;
    }
    bool is_live(int, OptionId option, Ref item) const;
    PushCost take(int level, OptionId option, Ref item);
    bool primary_item(ItemId id, Ref& item) const;

    std::vector<Link> links_;
    std::vector<Node> nodes_;
    std::vector<Ref> option_first_;      // first node of each option
    std::vector<OptionId> node_option_;  // option of each node (by index), -1 for headers/spacers
    std::vector<Ref> choice_;            // node chosen at each level (its item's header while none is)
    std::vector<Ref> branch_;            // item branched on at each level
    bool coloured_ = false;
    bool multiplicities_ = false;
    bool extended_ = false;             // beyond plain exact cover: coloured_ or multiplicities_
    std::vector<std::int32_t> colour_;  // per node index, when coloured_
    // Algorithm M, when multiplicities_: per item (by header index) its bound and slack (-1:
    // secondary); per level, the item's first option before any tweak, how far the walk went.
    enum class Move : std::uint8_t { dead, options, spent, null_move };
    std::vector<std::int32_t> bound_, slack_;
    std::vector<Ref> first_tweak_;
    std::vector<Move> move_;
};

// ---- implementation of the hot path (inline so the policy's hooks vanish) ----

inline Dancer::Ref Dancer::choose_mrv(int) const {
    if (multiplicities_) [[unlikely]]
        return choose_m();
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

}  // namespace xcount

// The instances compiled in dancer.cpp (search.hpp's XCOUNT_COUNT_WALK).
#define XCOUNT_DANCER_INSTANCES(KEYWORD) XCOUNT_COUNT_WALK(KEYWORD, xcount::Dancer, std::uint32_t)
XCOUNT_DANCER_INSTANCES(extern)
