// Provably fair dice (docs/protocol.md "Dice"): SHA-256, random secrets, and the derivation of
// each chance outcome from a secret committed at game start. SHA-256 and the random bytes come
// from libsodium (crypto_hash_sha256; randombytes_buf, the operating system's CSPRNG).
//
// The server draws a 256-bit secret S and publishes SHA-256(S). The chance outcome owed before
// action number n (1-based) is State::sample_chance(Rng(seed_n)) with
//   seed_n = first 8 bytes (big-endian) of SHA-256(S || "feldherr-dice" || n as 8 bytes BE).
// SHA-256 in counter mode is a CSPRNG: without S no roll can be predicted; with S (revealed at
// the end) anyone can recompute every roll (verify_replay does).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "engine/game.h"

namespace feldherr {

using Sha256Digest = std::array<uint8_t, 32>;

// SHA-256 (FIPS 180-4) of `data` (libsodium's crypto_hash_sha256).
Sha256Digest sha256(std::string_view data);
std::string to_hex(const uint8_t* data, size_t size);
std::string sha256_hex(std::string_view data);
// Decodes lowercase or uppercase hex; false on odd length or a non-hex character.
bool from_hex(std::string_view hex, std::string& bytes);

// `size` bytes from a cryptographically secure generator (libsodium's randombytes_buf).
void random_bytes(uint8_t* out, size_t size);
// `bytes` random bytes as 2 * bytes lowercase hex digits: dice secrets, the server's tokens and
// game ids. Throws std::invalid_argument for bytes < 0.
std::string random_hex(int bytes);
// A new 32-byte dice secret, as 64 hex digits (random_hex(32)).
std::string new_dice_secret_hex();
// SHA-256 of the secret's bytes, hex: the public commitment. "" if `secret_hex` is not hex.
std::string dice_commitment(std::string_view secret_hex);
// seed_n as above; `secret` is the raw bytes.
uint64_t dice_seed(std::string_view secret, uint64_t n);
// The chance outcome owed by `state` (current_seat() == kChance) before action number `n`.
Action fair_chance_outcome(const State& state, std::string_view secret, uint64_t n);

}  // namespace feldherr
