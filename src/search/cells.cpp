#include "xcount/cells.hpp"

#include <algorithm>
#include <limits>
#include <stdexcept>
#include <string>

#include "xcount/error.hpp"
#include "xcount/hash.hpp"

namespace xcount {

Cells::Cells(const Matrix& matrix) : SearchSkeleton(matrix) {
    require_no_colours(matrix, "cells");
    const std::size_t n = matrix.item_count();
    std::vector<std::size_t> length(n, 0);
    for (std::size_t k = 0; k < matrix.option_count(); ++k)
        for (ItemId item : matrix.option(static_cast<OptionId>(k))) ++length[static_cast<std::size_t>(item)];
    const std::size_t total = 2 * n + 2 * matrix.node_count() + matrix.option_count() + 4;
    if (total >= static_cast<std::size_t>(std::numeric_limits<Index>::max()))
        throw InputError("matrix too big for the cells engine: " + std::to_string(total) + " entries");

    // Set blocks: the primary items in id order (so that a lower base is a lower id), then
    // the secondary ones.
    item_base_.assign(n, 0);
    std::size_t cursor = 0;
    for (bool primary : {true, false}) {
        if (!primary) first_secondary_ = static_cast<Index>(cursor + 2);
        for (std::size_t i = 0; i < n; ++i) {
            if (matrix.is_primary(static_cast<ItemId>(i)) != primary) continue;
            cursor += 2;
            item_base_[i] = static_cast<Index>(cursor);
            cursor += length[i];
        }
    }
    set_.assign(cursor, 0);
    for (std::size_t i = 0; i < n; ++i)
        if (matrix.is_primary(static_cast<ItemId>(i))) {
            pos(item_base_[i]) = static_cast<Index>(active_.size());
            active_.push_back(item_base_[i]);
            primary_bases_.push_back(item_base_[i]);
            primary_ids_.push_back(static_cast<ItemId>(i));
        }
    active_count_ = static_cast<Index>(active_.size());

    nodes_.reserve(matrix.node_count() + matrix.option_count() + 1);
    node_option_.reserve(nodes_.capacity());
    nodes_.push_back({0, 0});
    node_option_.push_back(-1);
    for (std::size_t k = 0; k < matrix.option_count(); ++k) {
        const auto option = matrix.option(static_cast<OptionId>(k));
        const auto len = static_cast<Index>(option.size());
        nodes_.back().loc = len;  // the spacer before this option
        option_first_.push_back(static_cast<Index>(nodes_.size()));
        for (ItemId item : option) {
            const Index base = item_base_[static_cast<std::size_t>(item)];
            const Index at = base + size(base)++;
            set_[static_cast<std::size_t>(at)] = static_cast<Index>(nodes_.size());
            nodes_.push_back({base, at});
            node_option_.push_back(static_cast<OptionId>(k));
        }
        nodes_.push_back({-len, 0});
        node_option_.push_back(-1);
    }
    const std::size_t levels = matrix.primary_count() + 1;
    choice_.assign(levels, 0);
    branch_.assign(levels, 0);
    tried_.assign(levels, 0);
    solution_.reserve(levels);
}

Cells::Index Cells::option_node(OptionId option, Index item) const {
    Index at = option_first_[static_cast<std::size_t>(option)];
    while (nodes_[static_cast<std::size_t>(at)].item > 0 && nodes_[static_cast<std::size_t>(at)].item != item) ++at;
    return at;
}

PushCost Cells::take(int level, OptionId option, Index item) {
    const Index at = option_node(option, item);
    PushCost cost;
    cost.item = open(level, item);
    choice_[static_cast<std::size_t>(level)] = at;
    // Where the walk would be at this level (open() has put the options in order), so that a
    // walk resumed below can back up through it.
    tried_[static_cast<std::size_t>(level)] = nodes_[static_cast<std::size_t>(at)].loc - item;
    cost.rest = cover_rest(at);
    return cost;
}

bool Cells::primary_item(ItemId id, Index& item) const {
    if (id < 0 || static_cast<std::size_t>(id) >= item_base_.size()) return false;
    item = item_base_[static_cast<std::size_t>(id)];
    return item < first_secondary_;
}

std::uint64_t Cells::checksum() const {
    // Sets are summed (order-free); everything else is mixed in sequence.
    std::uint64_t h = mix64(static_cast<std::uint64_t>(active_count_)) ^ mix64(static_cast<std::uint64_t>(depth_) << 40);
    std::uint64_t active = 0;
    for (Index k = 0; k < active_count_; ++k) {
        const Index item = active_[static_cast<std::size_t>(k)];
        active += mix64(static_cast<std::uint64_t>(item));
        if (pos(item) != k) h = mix64(h ^ 0xbad);  // a position that does not point back
    }
    h = mix64(h ^ active);
    for (Index base : item_base_) {
        std::uint64_t members = 0;
        for (Index p = base; p < base + size(base); ++p) {
            const Index x = set_[static_cast<std::size_t>(p)];
            members += mix64(static_cast<std::uint64_t>(x));
            const Node& n = nodes_[static_cast<std::size_t>(x)];
            if (n.loc != p || n.item != base) h = mix64(h ^ 0xbad);
        }
        h = mix64(h ^ mix64(static_cast<std::uint64_t>(size(base))) ^ members);
    }
    for (int k = 0; k < depth_; ++k)  // the position: what the walk chose above the depth
        h = mix64(h ^ static_cast<std::uint64_t>(choice_[static_cast<std::size_t>(k)]) ^
                  static_cast<std::uint64_t>(branch_[static_cast<std::size_t>(k)]) << 32);
    return h;
}

std::size_t Cells::memory_bytes() const {
    return nodes_.capacity() * sizeof(Node) + set_.capacity() * sizeof(Index) + active_.capacity() * sizeof(Index) +
           option_first_.capacity() * sizeof(Index) + node_option_.capacity() * sizeof(OptionId) + item_base_.capacity() * sizeof(Index) +
           (choice_.capacity() + branch_.capacity() + tried_.capacity()) * sizeof(Index) + solution_.capacity() * sizeof(OptionId);
}

}  // namespace xcount

XCOUNT_CELLS_INSTANCES()
