#include "xcount/dancer.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace xcount {

SearchStats& SearchStats::operator+=(const SearchStats& other) {
    solutions = checked_add(solutions, other.solutions);
    if (__builtin_add_overflow(updates, other.updates, &updates) || __builtin_add_overflow(nodes, other.nodes, &nodes))
        throw std::overflow_error("more than 2^64 updates or nodes");
    complete = complete && other.complete;
    return *this;
}

Dancer::Dancer(const Matrix& matrix) : scan_(matrix) {
    const std::size_t n = matrix.item_count();
    const std::size_t total = n + 2 + matrix.option_count() + matrix.node_count();
    if (total >= (std::size_t{1} << 32) / kStride)
        throw InputError("matrix too big for the dancer: " + std::to_string(total) + " nodes");
    auto ref = [](std::size_t index) { return static_cast<Ref>(index * kStride); };

    // Root ring: the primary items in id order. Secondary items link to themselves.
    links_.assign(n + 1, Link{0, 0, 0});
    std::size_t last = 0;
    for (std::size_t i = 1; i <= n; ++i) {
        if (matrix.is_primary(static_cast<ItemId>(i - 1))) {
            links_[last].next = ref(i);
            links_[i].prev = ref(last);
            last = i;
        } else {
            links_[i] = {ref(i), ref(i), 0};
        }
    }
    links_[last].next = 0;
    links_[0].prev = ref(last);

    nodes_.reserve(total);
    node_option_.reserve(total);
    nodes_.push_back({0, 0, 0});  // the root's slot, so that item i's header is node i
    for (std::size_t i = 1; i <= n; ++i) nodes_.push_back({ref(i), ref(i), 0});
    node_option_.assign(nodes_.size(), -1);

    std::size_t spacer = nodes_.size();
    nodes_.push_back({0, 0, 0});
    node_option_.push_back(-1);
    option_first_.reserve(matrix.option_count());
    for (std::size_t k = 0; k < matrix.option_count(); ++k) {
        const std::size_t first = nodes_.size();
        option_first_.push_back(ref(first));
        for (ItemId item : matrix.option(static_cast<OptionId>(k))) {
            const std::size_t header = static_cast<std::size_t>(item) + 1;
            const Ref self = ref(nodes_.size());
            const Ref above = nodes_[header].up;
            nodes_.push_back({above, ref(header), ref(header)});
            node(above).down = self;
            nodes_[header].up = self;
            ++nodes_[header].top;
            node_option_.push_back(static_cast<OptionId>(k));
        }
        nodes_[spacer].down = ref(nodes_.size() - 1);
        spacer = nodes_.size();
        nodes_.push_back({ref(first), 0, 0});
        node_option_.push_back(-1);
    }
    choice_.assign(matrix.primary_count() + 1, 0);
    solution_.reserve(matrix.primary_count() + 1);
}

LevelProfile& LevelProfile::operator+=(const LevelProfile& other) {
    for (std::size_t k = 0; k < other.nodes.size(); ++k) record(static_cast<int>(k), other.nodes[k], other.updates[k]);
    return *this;
}

namespace {

std::uint64_t draw(std::uint64_t seed, std::span<const OptionId> path) {
    auto mix = [](std::uint64_t v) {
        v += 0x9e3779b97f4a7c15ull;
        v = (v ^ (v >> 30)) * 0xbf58476d1ce4e5b9ull;
        v = (v ^ (v >> 27)) * 0x94d049bb133111ebull;
        return v ^ (v >> 31);
    };
    std::uint64_t h = mix(seed);
    for (OptionId o : path) h = mix(h ^ static_cast<std::uint64_t>(static_cast<std::uint32_t>(o)));
    return h;
}

}  // namespace

ScanCosts::ScanCosts(const Matrix& matrix)
    : rank_(matrix.item_count(), static_cast<std::uint32_t>(matrix.item_count())), led_(matrix.item_count(), 0), holding_(matrix.item_count(), 0) {
    const auto& order = matrix.scan_order();
    for (std::size_t k = 0; k < order.size(); ++k) rank_[static_cast<std::size_t>(order[k])] = static_cast<std::uint32_t>(k);
    for (std::size_t o = 0; o < matrix.option_count(); ++o) {
        ItemId lead = -1;
        for (ItemId item : matrix.option(static_cast<OptionId>(o))) {
            ++holding_[static_cast<std::size_t>(item)];
            if (lead < 0 || rank(item) < rank(lead)) lead = item;
        }
        ++led_[static_cast<std::size_t>(lead)];
    }
}

std::size_t choose_position(const Choice& choice, std::span<const std::uint64_t> lengths, std::span<const OptionId> path) {
    if (choice.rule == ChooseRule::first) return 0;
    if (choice.rule == ChooseRule::scan) return static_cast<std::size_t>(std::min_element(lengths.begin(), lengths.end()) - lengths.begin());
    // max_element and min_element give the first of equals (minmax_element the last largest).
    if (choice.rule == ChooseRule::max) return static_cast<std::size_t>(std::max_element(lengths.begin(), lengths.end()) - lengths.begin());
    const auto least = std::min_element(lengths.begin(), lengths.end());
    std::vector<std::size_t> candidates;
    for (std::size_t k = 0; k < lengths.size(); ++k)
        if (choice.rule != ChooseRule::mrv_random || lengths[k] == *least) candidates.push_back(k);
    return candidates[draw(choice.seed, path) % candidates.size()];
}

Dancer::Ref Dancer::choose_by_rule(int level) const {
    std::vector<OptionId> path;
    for (int k = 0; k < level; ++k) path.push_back(option_at(k));
    std::vector<Ref> items;  // in ring order: the lowest id first
    std::vector<std::uint64_t> lengths;
    for (Ref k = link(0).next; k != 0; k = link(k).next)
        items.push_back(k), lengths.push_back(rule_.rule == ChooseRule::scan ? scan_.rank(static_cast<ItemId>(k / kStride) - 1) : node(k).top);
    return items[choose_position(rule_, lengths, path)];
}

SearchStats Dancer::count(const Limits& limits) {
    detail::CountPolicy policy;
    return walk(policy, limits);
}

std::vector<OptionId> Dancer::branch_options() const {
    std::vector<OptionId> out;
    if (solved()) return out;
    const Ref best = choose_at(depth_);
    for (Ref p = node(best).down; p != best; p = node(p).down) out.push_back(node_option_[p / kStride]);
    return out;
}

Dancer::PushCost Dancer::push(OptionId option) {
    const int level = depth_;
    const std::string where = "prefix level " + std::to_string(level) + ": option " + std::to_string(option);
    if (option < 0 || static_cast<std::size_t>(option) >= option_first_.size()) throw InputError(where + " does not exist");
    if (link(0).next == 0) throw InputError(where + ": the search has already found a solution here");
    const Ref best = choose_at(level);
    Ref at = option_first_[static_cast<std::size_t>(option)];
    while (node(at).top != 0 && node(at).top != best) at += kStride;
    if (node(at).top != best) throw InputError(where + " does not hold the item the search chooses there");
    // The option may already be hidden by an earlier choice; then the search never reaches it.
    bool present = false;
    for (Ref p = node(best).down; p != best; p = node(p).down) present = present || p == at;
    if (!present) throw InputError(where + " conflicts with an earlier choice");
    PushCost cost;
    cost.item = cover(best);
    choice_[static_cast<std::size_t>(level)] = at;
    cost.rest = cover_rest(at);
    if (rule_.rule == ChooseRule::scan) cost = {scan_cost(level, best), 0};
    ++depth_;
    return cost;
}

std::uint64_t Dancer::dead_end_cost() const {
    return rule_.rule == ChooseRule::scan ? scan_cost(depth_, choose_at(depth_)) : 1;
}

void Dancer::set_forced_items(std::span<const ItemId> items, std::span<const char> second_below) {
    if (depth_ != 0) throw std::logic_error("Dancer::set_forced_items: only at the root");
    second_below_.assign(second_below.begin(), second_below.end());
    forced_.clear();
    for (ItemId item : items) {
        const Ref header = static_cast<Ref>(item + 1) * kStride;
        if (item < 0 || static_cast<std::size_t>(item) + 1 >= links_.size() || link(header).next == header)
            throw std::logic_error("Dancer::set_forced_items: not a primary item");
        forced_.push_back(header);
    }
}

void Dancer::pop() {
    --depth_;
    const Ref at = choice_[static_cast<std::size_t>(depth_)];
    uncover_rest(at);
    uncover(node(at).top);
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
        const Ref at = choice_[static_cast<std::size_t>(level)];
        uncover_rest(at);
        uncover(node(at).top);
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
        mix(l.prev);
        mix(l.next);
    }
    for (const Node& nd : nodes_) {
        mix(nd.up);
        mix(nd.down);
        mix(nd.top);
    }
    mix(static_cast<std::uint64_t>(depth_));
    return h;
}

std::size_t Dancer::memory_bytes() const {
    return links_.capacity() * sizeof(Link) + nodes_.capacity() * sizeof(Node) +
           option_first_.capacity() * sizeof(Ref) + node_option_.capacity() * sizeof(OptionId) +
           choice_.capacity() * sizeof(Ref) + solution_.capacity() * sizeof(OptionId);
}

}  // namespace xcount
