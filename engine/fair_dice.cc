#include "engine/fair_dice.h"

#include <sodium.h>

#include <stdexcept>
#include <vector>

namespace feldherr {

namespace {

// libsodium must be initialised once before its first use (sodium_init is idempotent; the
// function-local static makes the first call thread-safe as well).
void ensure_sodium() {
  static const bool ready = sodium_init() >= 0;
  if (!ready) throw std::runtime_error("libsodium could not be initialised (sodium_init)");
}

}  // namespace

Sha256Digest sha256(std::string_view data) {
  ensure_sodium();
  static_assert(crypto_hash_sha256_BYTES == std::tuple_size_v<Sha256Digest>);
  Sha256Digest out{};
  crypto_hash_sha256(out.data(), reinterpret_cast<const unsigned char*>(data.data()),
                     static_cast<unsigned long long>(data.size()));
  return out;
}

std::string to_hex(const uint8_t* data, size_t size) {
  static const char* digits = "0123456789abcdef";
  std::string s;
  s.reserve(2 * size);
  for (size_t i = 0; i < size; ++i) {
    s += digits[data[i] >> 4];
    s += digits[data[i] & 15];
  }
  return s;
}

std::string sha256_hex(std::string_view data) {
  Sha256Digest d = sha256(data);
  return to_hex(d.data(), d.size());
}

bool from_hex(std::string_view hex, std::string& bytes) {
  if (hex.size() % 2 != 0) return false;
  auto nibble = [](char c) -> int {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
  };
  bytes.clear();
  for (size_t i = 0; i < hex.size(); i += 2) {
    int hi = nibble(hex[i]), lo = nibble(hex[i + 1]);
    if (hi < 0 || lo < 0) return false;
    bytes += static_cast<char>(hi * 16 + lo);
  }
  return true;
}

void random_bytes(uint8_t* out, size_t size) {
  if (size == 0) return;  // `out` may be null then (an empty vector's data()); libsodium forbids it
  ensure_sodium();
  randombytes_buf(out, size);
}

std::string random_hex(int bytes) {
  if (bytes < 0) throw std::invalid_argument("random_hex: negative byte count");
  std::vector<uint8_t> b(static_cast<size_t>(bytes));
  random_bytes(b.data(), b.size());
  std::string hex = to_hex(b.data(), b.size());
  sodium_memzero(b.data(), b.size());
  return hex;
}

std::string new_dice_secret_hex() {
  return random_hex(32);
}

std::string dice_commitment(std::string_view secret_hex) {
  std::string bytes;
  if (!from_hex(secret_hex, bytes)) return "";
  return sha256_hex(bytes);
}

uint64_t dice_seed(std::string_view secret, uint64_t n) {
  std::string message(secret);
  message += "feldherr-dice";
  for (int i = 7; i >= 0; --i) message += static_cast<char>((n >> (8 * i)) & 0xff);
  Sha256Digest d = sha256(message);
  uint64_t seed = 0;
  for (int i = 0; i < 8; ++i) seed = (seed << 8) | d[static_cast<size_t>(i)];
  return seed;
}

Action fair_chance_outcome(const State& state, std::string_view secret, uint64_t n) {
  Rng rng(dice_seed(secret, n));
  return state.sample_chance(rng);
}

}  // namespace feldherr
