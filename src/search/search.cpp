#include "xcount/search.hpp"

#include <algorithm>

#include "xcount/hash.hpp"

namespace xcount {

SearchStats& SearchStats::operator+=(const SearchStats& other) {
    solutions += other.solutions;
    if (__builtin_add_overflow(updates, other.updates, &updates) || __builtin_add_overflow(nodes, other.nodes, &nodes))
        throw std::overflow_error("more than 2^64 updates or nodes");
    merged += other.merged;
    complete = complete && other.complete;
    return *this;
}

LevelProfile& LevelProfile::operator+=(const LevelProfile& other) {
    for (std::size_t k = 0; k < other.nodes.size(); ++k) record(static_cast<int>(k), other.nodes[k], other.updates[k]);
    for (std::size_t k = 0; k < other.stored.size(); ++k)
        if (other.stored[k]) record_stored(k, other.stored_item[k], other.stored[k]);
    return *this;
}

namespace {

std::uint64_t draw(std::uint64_t seed, std::span<const OptionId> path) {
    std::uint64_t h = mix64(seed);
    for (OptionId o : path) h = mix64(h ^ static_cast<std::uint64_t>(static_cast<std::uint32_t>(o)));
    return h;
}

}  // namespace

ScanCosts::ScanCosts(const Matrix& matrix)
    : rank_(matrix.item_count(), static_cast<std::uint32_t>(matrix.item_count())),
      led_(matrix.item_count(), 0),
      holding_(matrix.item_count(), 0) {
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

std::string choice_text(const Choice& choice) {
    switch (choice.rule) {
        case ChooseRule::mrv: return "mrv";
        case ChooseRule::first: return "first";
        case ChooseRule::scan: return "scan";
        case ChooseRule::max: return "max";
        case ChooseRule::random: return "random, seed " + std::to_string(choice.seed);
        case ChooseRule::mrv_random: return "mrv-random, seed " + std::to_string(choice.seed);
    }
    return "?";
}

std::size_t choose_position(const Choice& choice, std::span<const std::uint64_t> lengths, std::span<const OptionId> path) {
    if (choice.rule == ChooseRule::first) return 0;
    if (choice.rule == ChooseRule::scan)
        return static_cast<std::size_t>(std::min_element(lengths.begin(), lengths.end()) - lengths.begin());
    // max_element and min_element give the first of equals (minmax_element the last largest).
    if (choice.rule == ChooseRule::max) return static_cast<std::size_t>(std::max_element(lengths.begin(), lengths.end()) - lengths.begin());
    const auto least = std::min_element(lengths.begin(), lengths.end());
    std::vector<std::size_t> candidates;
    for (std::size_t k = 0; k < lengths.size(); ++k)
        if (choice.rule != ChooseRule::mrv_random || lengths[k] == *least) candidates.push_back(k);
    return candidates[draw(choice.seed, path) % candidates.size()];
}

}  // namespace xcount
