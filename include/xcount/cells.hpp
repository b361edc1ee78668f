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

#include <algorithm>
#include <cstdint>
#include <span>
#include <vector>

#include "xcount/matrix.hpp"
#include "xcount/search.hpp"

namespace xcount {

class Cells : public SearchSkeleton<Cells, std::int32_t> {
public:
    // Swaps permute a set's members, so that the order left in an item's set depends on the
    // path that led there; open() puts the active part in node order first, so that the
    // options of a node are tried in an order its state alone decides, and a position
    // (Limits::position) says which were tried: a stopped walk carries on from its position.
    explicit Cells(const Matrix& matrix);
    static bool fits(const Matrix&) { return true; }  // any size (no colours: InputError)

    OptionId option_at(int level) const { return node_option_[static_cast<std::size_t>(choice_[static_cast<std::size_t>(level)])]; }
    std::uint64_t checksum() const;
    std::size_t memory_bytes() const;

private:
    friend class SearchSkeleton<Cells, std::int32_t>;
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

    void put_in_order(Index item);  // the item's active options in node (so option id) order
    std::uint64_t cover(Index item);
    void uncover(Index item);
    std::uint64_t cover_rest(Index node);
    void uncover_rest(Index node);
    Index option_node(OptionId option, Index item) const;  // the option's node of the item (a spacer: none)

    // The skeleton's hooks (search.hpp).
    bool solved_at(int) const { return active_count_ == 0; }
    bool is_open(int, Index item) const { return pos(item) < active_count_ && active_[static_cast<std::size_t>(pos(item))] == item; }
    Index choose_mrv(int level) const;
    template <class F>
    void for_each_open(int, F f) const {
        std::vector<Index> items(active_.begin(), active_.begin() + active_count_);
        std::sort(items.begin(), items.end());  // set bases grow with ids: the dancer's ring order
        for (Index item : items) f(item, item_id(item), static_cast<std::uint64_t>(size(item)));
    }
    ItemId item_id(Index item) const {
        const auto k = std::lower_bound(primary_bases_.begin(), primary_bases_.end(), item) - primary_bases_.begin();
        return primary_ids_[static_cast<std::size_t>(k)];
    }
    bool dead_end(int, Index item) const { return size(item) == 0; }
    std::uint64_t open(int level, Index item) {
        branch_[static_cast<std::size_t>(level)] = item;
        tried_[static_cast<std::size_t>(level)] = 0;
        put_in_order(item);
        return cover(item);
    }
    bool next(int level, std::uint64_t& cost) {
        const auto l = static_cast<std::size_t>(level);
        if (tried_[l] == size(branch_[l])) return false;
        choice_[l] = set_[static_cast<std::size_t>(branch_[l] + tried_[l])];
        cost = cover_rest(choice_[l]);
        return true;
    }
    void retreat(int level) {
        uncover_rest(choice_[static_cast<std::size_t>(level)]);
        ++tried_[static_cast<std::size_t>(level)];
    }
    void close(int level) { uncover(branch_[static_cast<std::size_t>(level)]); }
    std::size_t option_count() const { return option_first_.size(); }
    bool holds(OptionId option, Index item) const { return nodes_[static_cast<std::size_t>(option_node(option, item))].item == item; }
    // Hidden by an earlier choice: past the item's active part, where the search never reaches.
    bool is_live(int, OptionId option, Index item) const {
        return nodes_[static_cast<std::size_t>(option_node(option, item))].loc < item + size(item);
    }
    PushCost take(int level, OptionId option, Index item);
    bool primary_item(ItemId id, Index& item) const;

    std::vector<Node> nodes_;
    std::vector<Index> set_;
    std::vector<Index> active_;  // active primary items (set bases); the first active_count_
    Index active_count_ = 0;
    Index first_secondary_ = 0;        // set bases from here on belong to secondary items
    std::vector<Index> option_first_;  // first node of each option
    std::vector<OptionId> node_option_;
    std::vector<Index> item_base_;      // set base of each item id
    std::vector<Index> choice_;         // node chosen at each level
    std::vector<Index> branch_;         // item chosen at each level
    std::vector<Index> tried_;          // how many of its options have been tried, per level
    std::vector<Index> primary_bases_;  // the primary items' set bases, in id order
    std::vector<ItemId> primary_ids_;   // the primary items' ids, in id order
};

// ---- the hot path ----

inline Cells::Index Cells::choose_mrv(int) const {
    // Fewest active options, ties to the lowest item id: one 64-bit key per item.
    std::uint64_t best = ~std::uint64_t{0};
    for (Index k = 0; k < active_count_; ++k) {
        const Index item = active_[static_cast<std::size_t>(k)];
        const std::uint64_t key =
            static_cast<std::uint64_t>(static_cast<std::uint32_t>(size(item))) << 32 | static_cast<std::uint32_t>(item);
        if (key < best) {
            best = key;
            if (key >> 32 == 0) break;
        }
    }
    return static_cast<Index>(best & 0xffffffffu);
}

// Its set is not touched while the search branches on the item (every option holding it is
// hidden from the other items' sets), so the order holds at that node.
inline void Cells::put_in_order(Index item) {
    Index* const first = set_.data() + item;
    Index* const last = first + size(item);
    if (std::is_sorted(first, last)) return;
    std::sort(first, last);
    for (Index* p = first; p != last; ++p) nodes_[static_cast<std::size_t>(*p)].loc = static_cast<Index>(p - set_.data());
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

}  // namespace xcount

// The instances compiled in cells.cpp (search.hpp's XCOUNT_COUNT_WALK).
#define XCOUNT_CELLS_INSTANCES(KEYWORD) XCOUNT_COUNT_WALK(KEYWORD, xcount::Cells, std::int32_t)
XCOUNT_CELLS_INSTANCES(extern)
