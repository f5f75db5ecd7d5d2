#!/bin/sh
# Makes the networks tests' certificates with openssl, in the folder $1:
#   ca.pem, ca.key                 a private CA ("Session Test CA")
#   server.pem, server.key         signed by it, for localhost, 127.0.0.1, ::1,
#                                  10.77.0.2 and *.corp.test (the proxy tests' names)
#   client-ca.pem, client-ca.key   another CA, for client certificates
#   client.pem, client.key         signed by that one (the key 0600)
#   hashed/                        ca.pem in a folder as SSL_CERT_DIR wants it
set -eu
cd "$1"
days=2
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -days "$days" \
    -subj "/CN=Session Test CA" -keyout ca.key -out ca.pem \
    -addext "basicConstraints=critical,CA:TRUE" -addext "keyUsage=critical,keyCertSign,cRLSign" 2>/dev/null
openssl req -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -subj "/CN=localhost" \
    -keyout server.key -out server.csr 2>/dev/null
printf '%s\n' "subjectAltName=DNS:localhost,IP:127.0.0.1,IP:::1,IP:10.77.0.2,DNS:*.corp.test" \
    "basicConstraints=CA:FALSE" "extendedKeyUsage=serverAuth" > server.ext
openssl x509 -req -in server.csr -CA ca.pem -CAkey ca.key -CAcreateserial -days "$days" \
    -extfile server.ext -out server.pem 2>/dev/null
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -days "$days" \
    -subj "/CN=Session Test Client CA" -keyout client-ca.key -out client-ca.pem \
    -addext "basicConstraints=critical,CA:TRUE" -addext "keyUsage=critical,keyCertSign,cRLSign" 2>/dev/null
openssl req -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -subj "/CN=alice" \
    -keyout client.key -out client.csr 2>/dev/null
printf '%s\n' "basicConstraints=CA:FALSE" "extendedKeyUsage=clientAuth" > client.ext
openssl x509 -req -in client.csr -CA client-ca.pem -CAkey client-ca.key -CAcreateserial -days "$days" \
    -extfile client.ext -out client.pem 2>/dev/null
chmod 600 ca.key server.key client-ca.key client.key
mkdir -p hashed
cp ca.pem hashed/
openssl rehash hashed 2>/dev/null || c_rehash hashed >/dev/null
echo ok
