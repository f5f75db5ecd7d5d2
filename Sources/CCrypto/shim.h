// The system's OpenSSL libcrypto, for SessionNetworking's signing keys on
// Linux (DPoP proofs, client assertions). Only glue: every cryptographic
// operation is libcrypto's own. Functions that take a variable number of
// arguments or macros Swift cannot call are wrapped here.
#ifndef SESSION_CCRYPTO_SHIM_H
#define SESSION_CCRYPTO_SHIM_H

#include <string.h>
#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/ec.h>
#include <openssl/evp.h>
#include <openssl/param_build.h>
#include <openssl/rand.h>

/// What a key is: 1 a P-256 key, 2 an RSA key of 2048 bits or more, 0 anything else.
static inline int session_key_kind(EVP_PKEY *key) {
    int id = EVP_PKEY_get_base_id(key);
    if (id == EVP_PKEY_EC) {
        char group[64] = {0};
        size_t length = 0;
        if (EVP_PKEY_get_utf8_string_param(key, OSSL_PKEY_PARAM_GROUP_NAME, group, sizeof group, &length) != 1) {
            return 0;
        }
        return strcmp(group, "prime256v1") == 0 || strcmp(group, "P-256") == 0 ? 1 : 0;
    }
    if (id == EVP_PKEY_RSA) return EVP_PKEY_get_bits(key) >= 2048 ? 2 : 0;
    return 0;
}

/// A new P-256 key pair, or NULL.
static inline EVP_PKEY *session_p256_generate(void) {
    EVP_PKEY_CTX *context = EVP_PKEY_CTX_new_from_name(NULL, "EC", NULL);
    EVP_PKEY *key = NULL;
    if (context != NULL && EVP_PKEY_keygen_init(context) == 1
        && EVP_PKEY_CTX_set_group_name(context, "P-256") == 1) {
        if (EVP_PKEY_generate(context, &key) != 1) key = NULL;
    }
    EVP_PKEY_CTX_free(context);
    return key;
}

/// A private key from its DER (PKCS#8, SEC 1 or PKCS#1), or NULL.
static inline EVP_PKEY *session_key_from_der(const unsigned char *der, long length) {
    const unsigned char *cursor = der;
    return d2i_AutoPrivateKey(NULL, &cursor, length);
}

/// A P-256 private key from its scalar (32 bytes) and its public point
/// (65 bytes, uncompressed), or NULL. libcrypto checks that they belong together.
static inline EVP_PKEY *session_p256_from_parts(const unsigned char *scalar, size_t scalarLength,
                                               const unsigned char *point, size_t pointLength) {
    EVP_PKEY *key = NULL;
    OSSL_PARAM_BLD *builder = OSSL_PARAM_BLD_new();
    BIGNUM *d = BN_bin2bn(scalar, (int)scalarLength, NULL);
    OSSL_PARAM *params = NULL;
    EVP_PKEY_CTX *context = EVP_PKEY_CTX_new_from_name(NULL, "EC", NULL);
    if (builder != NULL && d != NULL && context != NULL
        && OSSL_PARAM_BLD_push_utf8_string(builder, OSSL_PKEY_PARAM_GROUP_NAME, "prime256v1", 0) == 1
        && OSSL_PARAM_BLD_push_BN(builder, OSSL_PKEY_PARAM_PRIV_KEY, d) == 1
        && OSSL_PARAM_BLD_push_octet_string(builder, OSSL_PKEY_PARAM_PUB_KEY, point, pointLength) == 1
        && (params = OSSL_PARAM_BLD_to_param(builder)) != NULL
        && EVP_PKEY_fromdata_init(context) == 1) {
        if (EVP_PKEY_fromdata(context, &key, EVP_PKEY_KEYPAIR, params) != 1) key = NULL;
    }
    if (key != NULL) {
        // The point must be the scalar's: a pair that does not match is refused.
        EVP_PKEY_CTX *check = EVP_PKEY_CTX_new_from_pkey(NULL, key, NULL);
        if (check == NULL || EVP_PKEY_pairwise_check(check) != 1) {
            EVP_PKEY_free(key);
            key = NULL;
        }
        EVP_PKEY_CTX_free(check);
    }
    EVP_PKEY_CTX_free(context);
    OSSL_PARAM_free(params);
    BN_clear_free(d);
    OSSL_PARAM_BLD_free(builder);
    return key;
}

/// A big number of the key (`n`, `e`, `priv`) into `out`: left-padded to
/// `padded` bytes when `padded` > 0, else its own length. Returns the
/// length written, or -1.
static inline int session_key_number(EVP_PKEY *key, const char *name, unsigned char *out, size_t capacity,
                                     int padded) {
    BIGNUM *number = NULL;
    if (EVP_PKEY_get_bn_param(key, name, &number) != 1) return -1;
    int length = -1;
    if (padded > 0) {
        if ((size_t)padded <= capacity) length = BN_bn2binpad(number, out, padded);
    } else if ((size_t)BN_num_bytes(number) <= capacity) {
        length = BN_bn2bin(number, out);
    }
    BN_clear_free(number);
    return length;
}

/// An EC key's public point, uncompressed (65 bytes for P-256). Returns the length, or -1.
static inline int session_key_point(EVP_PKEY *key, unsigned char *out, size_t capacity) {
    size_t length = 0;
    if (EVP_PKEY_set_utf8_string_param(key, OSSL_PKEY_PARAM_EC_POINT_CONVERSION_FORMAT, "uncompressed") != 1)
        return -1;
    if (EVP_PKEY_get_octet_string_param(key, OSSL_PKEY_PARAM_PUB_KEY, out, capacity, &length) != 1) return -1;
    return (int)length;
}

/// Signs `message` with SHA-256: a P-256 key gives JOSE's ES256 form (r and s,
/// 32 bytes each), an RSA key PKCS #1 v1.5 (RS256). Returns the length, or -1.
static inline int session_sign_sha256(EVP_PKEY *key, const unsigned char *message, size_t messageLength,
                                      unsigned char *out, size_t capacity) {
    EVP_MD_CTX *context = EVP_MD_CTX_new();
    if (context == NULL) return -1;
    int result = -1;
    size_t length = 0;
    unsigned char *der = NULL;
    if (EVP_DigestSignInit(context, NULL, EVP_sha256(), NULL, key) == 1
        && EVP_DigestSign(context, NULL, &length, message, messageLength) == 1
        && (der = OPENSSL_malloc(length)) != NULL
        && EVP_DigestSign(context, der, &length, message, messageLength) == 1) {
        if (EVP_PKEY_get_base_id(key) == EVP_PKEY_EC) {
            const unsigned char *cursor = der;
            ECDSA_SIG *signature = d2i_ECDSA_SIG(NULL, &cursor, (long)length);
            if (signature != NULL && capacity >= 64) {
                const BIGNUM *r = NULL, *s = NULL;
                ECDSA_SIG_get0(signature, &r, &s);
                if (BN_bn2binpad(r, out, 32) == 32 && BN_bn2binpad(s, out + 32, 32) == 32) result = 64;
            }
            ECDSA_SIG_free(signature);
        } else if (length <= capacity) {
            memcpy(out, der, length);
            result = (int)length;
        }
    }
    OPENSSL_free(der);
    EVP_MD_CTX_free(context);
    return result;
}

/// Fills `out` with random bytes from libcrypto's generator. Returns 1 on success.
static inline int session_random(unsigned char *out, int length) {
    return RAND_bytes(out, length);
}

#endif
