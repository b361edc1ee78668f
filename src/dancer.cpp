#include "xcount/dancer.hpp"

#include <string>

namespace xcount {

SearchStats& SearchStats::operator+=(const SearchStats& other) {
    solutions += other.solutions;
    updates += other.updates;
    nodes += other.nodes;
    complete = complete && other.complete;
    return *this;
}

Dancer::Dancer(const Matrix& matrix) {
    const auto n = static_cast<std::int32_t>(matrix.item_count());
    links_.resize(static_cast<std::size_t>(n) + 1);
    // Root ring: the primary items in id order. Secondary items link to themselves.
    std::int32_t last = 0;
    for (std::int32_t i = 1; i <= n; ++i) {
        if (matrix.is_primary(i - 1)) {
            links_[static_cast<std::size_t>(last)].next = i;
            links_[static_cast<std::size_t>(i)].prev = last;
            last = i;
        } else {
            links_[static_cast<std::size_t>(i)] = {i, i};
        }
    }
    links_[static_cast<std::size_t>(last)].next = 0;
    links_[0].prev = last;

    const std::size_t total = static_cast<std::size_t>(n) + 2 + matrix.option_count() + matrix.node_count();
    nodes_.reserve(total);
    node_option_.reserve(total);
    nodes_.push_back({0, 0, 0});  // unused slot 0, so that item i's header is node i
    for (std::int32_t i = 1; i <= n; ++i) nodes_.push_back({i, i, 0});
    node_option_.assign(nodes_.size(), -1);

    std::size_t spacer = nodes_.size();
    nodes_.push_back({0, 0, 0});
    node_option_.push_back(-1);
    option_first_.reserve(matrix.option_count());
    for (std::size_t k = 0; k < matrix.option_count(); ++k) {
        const auto first = static_cast<std::int32_t>(nodes_.size());
        option_first_.push_back(first);
        for (ItemId item : matrix.option(static_cast<OptionId>(k))) {
            const std::int32_t header = item + 1;
            const auto self = static_cast<std::int32_t>(nodes_.size());
            Node& h = nodes_[static_cast<std::size_t>(header)];
            nodes_.push_back({h.up, header, header});
            nodes_[static_cast<std::size_t>(h.up)].down = self;
            h.up = self;
            ++h.top;
            node_option_.push_back(static_cast<OptionId>(k));
        }
        const auto last_node = static_cast<std::int32_t>(nodes_.size()) - 1;
        nodes_[spacer].down = last_node;
        spacer = nodes_.size();
        nodes_.push_back({first, 0, -static_cast<std::int32_t>(k) - 1});
        node_option_.push_back(-1);
    }
    choice_.assign(matrix.primary_count() + 1, 0);
    solution_.reserve(matrix.primary_count() + 1);
}

SearchStats Dancer::count(const Limits& limits) {
    detail::CountPolicy policy;
    return walk(policy, limits);
}

void Dancer::push(OptionId option) {
    const int level = depth_;
    if (option < 0 || static_cast<std::size_t>(option) >= option_first_.size())
        throw InputError("prefix level " + std::to_string(level) + ": option " + std::to_string(option) +
                         " does not exist");
    if (links_[0].next == 0)
        throw InputError("prefix level " + std::to_string(level) + ": the search has already found a solution here");
    const std::int32_t best = choose();
    std::int32_t node = option_first_[static_cast<std::size_t>(option)];
    while (nodes_[static_cast<std::size_t>(node)].top > 0 && nodes_[static_cast<std::size_t>(node)].top != best) ++node;
    if (nodes_[static_cast<std::size_t>(node)].top != best)
        throw InputError("prefix level " + std::to_string(level) + ": option " + std::to_string(option) +
                         " does not hold the item the search chooses there");
    // The option may already be hidden by an earlier choice; then the search never reaches it.
    bool present = false;
    for (std::int32_t p = nodes_[static_cast<std::size_t>(best)].down; p != best; p = nodes_[static_cast<std::size_t>(p)].down)
        present = present || p == node;
    if (!present)
        throw InputError("prefix level " + std::to_string(level) + ": option " + std::to_string(option) +
                         " conflicts with an earlier choice");
    cover(best);
    choice_[static_cast<std::size_t>(level)] = node;
    cover_rest(node);
    ++depth_;
}

void Dancer::pop() {
    --depth_;
    const std::int32_t node = choice_[static_cast<std::size_t>(depth_)];
    uncover_rest(node);
    uncover(nodes_[static_cast<std::size_t>(node)].top);
}

void Dancer::replay(std::span<const OptionId> prefix) {
    for (OptionId option : prefix) push(option);
}

void Dancer::unwind() {
    while (depth_ > 0) pop();
}

void Dancer::unwind_to(int level, int base) {
    while (level > base) {
        --level;
        const std::int32_t node = choice_[static_cast<std::size_t>(level)];
        uncover_rest(node);
        uncover(nodes_[static_cast<std::size_t>(node)].top);
    }
}

std::uint64_t Dancer::checksum() const {
    // splitmix64-style mixing of every field, position included.
    std::uint64_t h = 0x9e3779b97f4a7c15ull;
    auto mix = [&h](std::uint64_t v) {
        h ^= v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
        h *= 0xbf58476d1ce4e5b9ull;
        h ^= h >> 31;
    };
    for (const Link& l : links_) {
        mix(static_cast<std::uint32_t>(l.prev));
        mix(static_cast<std::uint32_t>(l.next));
    }
    for (const Node& nd : nodes_) {
        mix(static_cast<std::uint32_t>(nd.up));
        mix(static_cast<std::uint32_t>(nd.down));
        mix(static_cast<std::uint32_t>(nd.top));
    }
    mix(static_cast<std::uint64_t>(depth_));
    return h;
}

std::size_t Dancer::memory_bytes() const {
    return links_.capacity() * sizeof(Link) + nodes_.capacity() * sizeof(Node) +
           option_first_.capacity() * sizeof(std::int32_t) + node_option_.capacity() * sizeof(OptionId) +
           choice_.capacity() * sizeof(std::int32_t) + solution_.capacity() * sizeof(OptionId);
}

}  // namespace xcount
