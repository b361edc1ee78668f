#include "xcount/cells.hpp"

#include <algorithm>
#include <limits>
#include <stdexcept>
#include <string>

#include "xcount/error.hpp"

namespace xcount {

Cells::Cells(const Matrix& matrix) : scan_(matrix) {
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

Cells::Index Cells::choose_by_rule(int level) const {
    std::vector<OptionId> path;
    for (int k = 0; k < level; ++k) path.push_back(option_at(k));
    std::vector<Index> items(active_.begin(), active_.begin() + active_count_);
    std::sort(items.begin(), items.end());  // set bases grow with ids: the dancer's ring order
    std::vector<std::uint64_t> lengths;
    for (Index item : items)
        lengths.push_back(rule_.rule == ChooseRule::scan ? scan_.rank(primary_ids_[primary_index(item)])
                                                         : static_cast<std::uint64_t>(size(item)));
    return items[choose_position(rule_, lengths, path)];
}

SearchStats Cells::count(const Limits& limits) {
    detail::CountPolicy policy;
    return walk(policy, limits);
}

void Cells::push(OptionId option) {
    const int level = depth_;
    const std::string where = "prefix level " + std::to_string(level) + ": option " + std::to_string(option);
    if (option < 0 || static_cast<std::size_t>(option) >= option_first_.size()) throw InputError(where + " does not exist");
    if (active_count_ == 0) throw InputError(where + ": the search has already found a solution here");
    const Index best = choose_at(level);
    Index at = option_first_[static_cast<std::size_t>(option)];
    while (nodes_[static_cast<std::size_t>(at)].item > 0 && nodes_[static_cast<std::size_t>(at)].item != best) ++at;
    if (nodes_[static_cast<std::size_t>(at)].item != best) throw InputError(where + " does not hold the item the search chooses there");
    // Hidden by an earlier choice: the search never reaches it.
    if (nodes_[static_cast<std::size_t>(at)].loc >= best + size(best)) throw InputError(where + " conflicts with an earlier choice");
    // Where the walk would be at this level, so that a walk resumed below can back up through it.
    const Index tried = nodes_[static_cast<std::size_t>(at)].loc - best;
    cover(best);
    choice_[static_cast<std::size_t>(level)] = at;
    branch_[static_cast<std::size_t>(level)] = best;
    tried_[static_cast<std::size_t>(level)] = tried;
    cover_rest(at);
    ++depth_;
}

void Cells::pop() {
    --depth_;
    const Index at = choice_[static_cast<std::size_t>(depth_)];
    uncover_rest(at);
    uncover(nodes_[static_cast<std::size_t>(at)].item);
}

void Cells::replay(std::span<const OptionId> prefix) {
    for (OptionId option : prefix) push(option);
}

void Cells::unwind() {
    while (depth_ > 0) pop();
}

void Cells::unwind_to(int level, int base) {
    while (level > base) {
        --level;
        const Index at = choice_[static_cast<std::size_t>(level)];
        uncover_rest(at);
        uncover(nodes_[static_cast<std::size_t>(at)].item);
    }
}

void Cells::set_forced_items(std::span<const ItemId> items, std::span<const char> second_below) {
    if (depth_ != 0) throw std::logic_error("Cells::set_forced_items: only at the root");
    second_below_.assign(second_below.begin(), second_below.end());
    forced_.clear();
    for (ItemId item : items) {
        if (item < 0 || static_cast<std::size_t>(item) >= item_base_.size() || item_base_[static_cast<std::size_t>(item)] >= first_secondary_)
            throw std::logic_error("Cells::set_forced_items: not a primary item");
        forced_.push_back(item_base_[static_cast<std::size_t>(item)]);
    }
}

std::uint64_t Cells::checksum() const {
    auto mixed = [](std::uint64_t v) {
        v += 0x9e3779b97f4a7c15ull;
        v = (v ^ (v >> 30)) * 0xbf58476d1ce4e5b9ull;
        v = (v ^ (v >> 27)) * 0x94d049bb133111ebull;
        return v ^ (v >> 31);
    };
    // Sets are summed (order-free); everything else is mixed in sequence.
    std::uint64_t h = mixed(static_cast<std::uint64_t>(active_count_)) ^ mixed(static_cast<std::uint64_t>(depth_) << 40);
    std::uint64_t active = 0;
    for (Index k = 0; k < active_count_; ++k) {
        const Index item = active_[static_cast<std::size_t>(k)];
        active += mixed(static_cast<std::uint64_t>(item));
        if (pos(item) != k) h = mixed(h ^ 0xbad);  // a position that does not point back
    }
    h = mixed(h ^ active);
    for (Index base : item_base_) {
        std::uint64_t members = 0;
        for (Index p = base; p < base + size(base); ++p) {
            const Index x = set_[static_cast<std::size_t>(p)];
            members += mixed(static_cast<std::uint64_t>(x));
            const Node& n = nodes_[static_cast<std::size_t>(x)];
            if (n.loc != p || n.item != base) h = mixed(h ^ 0xbad);
        }
        h = mixed(h ^ mixed(static_cast<std::uint64_t>(size(base))) ^ members);
    }
    return h;
}

std::size_t Cells::memory_bytes() const {
    return nodes_.capacity() * sizeof(Node) + set_.capacity() * sizeof(Index) + active_.capacity() * sizeof(Index) +
           option_first_.capacity() * sizeof(Index) + node_option_.capacity() * sizeof(OptionId) +
           item_base_.capacity() * sizeof(Index) + (choice_.capacity() + branch_.capacity() + tried_.capacity()) * sizeof(Index) +
           solution_.capacity() * sizeof(OptionId);
}

}  // namespace xcount
