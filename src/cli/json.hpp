// src/cli/json.hpp: a flat JSON object written one field at a time, in insertion order.
#pragma once

#include <string>

#include "xcount/count.hpp"

namespace xcount::cli {

class JsonObject {
public:
    JsonObject& field(const std::string& key, const std::string& text);
    JsonObject& field(const std::string& key, const char* text) { return field(key, std::string(text)); }
    JsonObject& field(const std::string& key, Count number);  // exact decimal, any size
    // A count read by a consumer whose numbers are doubles (JavaScript, jq): the number, and
    // beside it `key`_exact, its decimal string.
    JsonObject& exact(const std::string& key, Count number);
    JsonObject& field(const std::string& key, std::uint64_t number) { return field(key, Count{number}); }
    JsonObject& field(const std::string& key, int number);
    JsonObject& field(const std::string& key, double number);
    JsonObject& field(const std::string& key, bool value);
    JsonObject& raw(const std::string& key, const std::string& json);  // an already-encoded value
    std::string str() const { return body_ + "}"; }

private:
    JsonObject& put(const std::string& key, const std::string& encoded);
    std::string body_ = "{";
};

std::string json_quote(const std::string& text);

}  // namespace xcount::cli
