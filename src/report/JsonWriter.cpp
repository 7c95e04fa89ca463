//===- JsonWriter.cpp - JSON text written straight into a string ----------===//
#include "report/JsonWriter.h"

#include "llvm/ADT/STLExtras.h"

#include <charconv>

namespace theseus {

void JsonWriter::newLine() {
  if (Compact) {
    if (!Empty.back())
      Out += ',';
    Empty.back() = false;
    return;
  }
  Out += Empty.back() ? "\n" : ",\n";
  Empty.back() = false;
  Out.append(2 * Empty.size(), ' ');
}

void JsonWriter::beginValue() {
  if (AfterKey)
    AfterKey = false;
  else if (!Empty.empty())
    newLine();
}

JsonWriter &JsonWriter::beginObject() {
  beginValue();
  Out += '{';
  Empty.push_back(true);
  return *this;
}

JsonWriter &JsonWriter::beginArray() {
  beginValue();
  Out += '[';
  Empty.push_back(true);
  return *this;
}

JsonWriter &JsonWriter::close(char Bracket) {
  bool WasEmpty = Empty.pop_back_val();
  if (!WasEmpty && !Compact) {
    Out += '\n';
    Out.append(2 * Empty.size(), ' ');
  }
  Out += Bracket;
  return *this;
}

JsonWriter &JsonWriter::endObject() { return close('}'); }
JsonWriter &JsonWriter::endArray() { return close(']'); }

JsonWriter &JsonWriter::key(llvm::StringRef Key) {
  newLine();
  string(Key);
  Out += Compact ? ":" : ": ";
  AfterKey = true;
  return *this;
}

JsonWriter &JsonWriter::value(llvm::StringRef S) {
  beginValue();
  string(S);
  return *this;
}

JsonWriter &JsonWriter::value(bool B) {
  beginValue();
  Out += B ? "true" : "false";
  return *this;
}

JsonWriter &JsonWriter::integer(uint64_t Bits, bool Negative) {
  beginValue();
  char Buf[24];
  auto [End, Ec] = Negative ? std::to_chars(Buf, Buf + sizeof Buf,
                                            static_cast<int64_t>(Bits))
                            : std::to_chars(Buf, Buf + sizeof Buf, Bits);
  Out.append(Buf, End);
  return *this;
}

JsonWriter &JsonWriter::value(const nlohmann::json &J) {
  using Type = nlohmann::json::value_t;
  switch (J.type()) {
  case Type::object:
    beginObject();
    for (const auto &[Key, Member] : J.items())
      key(Key).value(Member);
    return endObject();
  case Type::array:
    beginArray();
    for (const nlohmann::json &Element : J)
      value(Element);
    return endArray();
  case Type::string:
    return value(llvm::StringRef(J.get_ref<const std::string &>()));
  case Type::boolean:
    return value(J.get<bool>());
  case Type::number_integer:
    return value(J.get<int64_t>());
  case Type::number_unsigned:
    return value(J.get<uint64_t>());
  default: // null, floating point, binary: no indentation inside.
    beginValue();
    Out += J.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    return *this;
  }
}

/// nlohmann's escaping for ASCII text: the short escapes, \u00xx for the
/// other control characters, everything else as is. Text with other bytes
/// (UTF-8, or invalid sequences nlohmann replaces) goes through nlohmann.
void JsonWriter::string(llvm::StringRef S) {
  if (llvm::any_of(S, [](char C) { return static_cast<uint8_t>(C) >= 0x80; })) {
    Out += nlohmann::json(S.str()).dump(
        -1, ' ', false, nlohmann::json::error_handler_t::replace);
    return;
  }
  static const char Hex[] = "0123456789abcdef";
  Out += '"';
  for (char C : S) {
    switch (C) {
    case '"':
      Out += "\\\"";
      break;
    case '\\':
      Out += "\\\\";
      break;
    case '\b':
      Out += "\\b";
      break;
    case '\f':
      Out += "\\f";
      break;
    case '\n':
      Out += "\\n";
      break;
    case '\r':
      Out += "\\r";
      break;
    case '\t':
      Out += "\\t";
      break;
    default:
      if (static_cast<uint8_t>(C) >= 0x20) {
        Out += C;
        break;
      }
      Out += "\\u00";
      Out += Hex[C >> 4];
      Out += Hex[C & 0xf];
    }
  }
  Out += '"';
}

} // namespace theseus
