//===- JsonWriter.h - JSON text written straight into a string -----------===//
//
// Writing a test as a tree of nlohmann::json objects and dumping it cost
// more than exploring its path on programs with many short paths. This
// writer appends the text directly, in exactly the layout of nlohmann's
// dump(2) with invalid UTF-8 replaced, so that files written either way are
// byte-identical (or of dump() when compact). Like nlohmann::json's (sorted)
// objects, it expects each object's keys in increasing byte order: the caller
// writes them so.
//
//===----------------------------------------------------------------------===//
#ifndef THESEUS_REPORT_JSONWRITER_H
#define THESEUS_REPORT_JSONWRITER_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <concepts>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>

namespace theseus {

class JsonWriter {
public:
  /// Appends to `Out`, without any whitespace where `Compact`.
  explicit JsonWriter(std::string &Out, bool Compact = false)
      : Out(Out), Compact(Compact) {}

  JsonWriter &beginObject();
  JsonWriter &endObject();
  JsonWriter &beginArray();
  JsonWriter &endArray();
  /// The next member's key; its value follows.
  JsonWriter &key(llvm::StringRef Key);

  JsonWriter &value(llvm::StringRef S);
  JsonWriter &value(const char *S) { return value(llvm::StringRef(S)); }
  JsonWriter &value(const std::string &S) { return value(llvm::StringRef(S)); }
  JsonWriter &value(bool B);
  JsonWriter &value(std::signed_integral auto V) {
    return integer(static_cast<int64_t>(V), V < 0);
  }
  JsonWriter &value(std::unsigned_integral auto V) {
    return integer(static_cast<uint64_t>(V), false);
  }
  /// Any JSON value, e.g. a part that is the same in every file.
  JsonWriter &value(const nlohmann::json &J);

  template <typename T> JsonWriter &field(llvm::StringRef Key, const T &V) {
    key(Key);
    return value(V);
  }

private:
  /// Starts a value: after its key, or on a line of its own in an array.
  void beginValue();
  /// Starts a member or element on its own line.
  void newLine();
  JsonWriter &close(char Bracket);
  JsonWriter &integer(uint64_t Bits, bool Negative);
  void string(llvm::StringRef S);

  std::string &Out;
  /// Per open object or array: whether nothing is in it yet.
  llvm::SmallVector<bool, 8> Empty;
  bool AfterKey = false;
  bool Compact;
};

} // namespace theseus

#endif
