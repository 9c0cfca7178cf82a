// The declarations the iOS SDKs' generated code uses, for clang -fsyntax-only: Foundation's
// few classes (NSObject, NSString, NSDictionary for @{...}, NSData, NSError, NSLog), the iOS
// SDK 3.x's FBRequestConnection and NSError(FBErrorUtility) category, and the iOS SDK 4.x's
// FBSDKGraphRequest, FBSDKGraphRequestConnection and FBSDKAccessToken, with the SDKs' own
// selectors.
@interface NSObject
+ (instancetype)alloc;
@end
@interface NSString : NSObject
@end
@interface NSConstantString : NSString
@end
@interface NSDictionary : NSObject
+ (instancetype)dictionaryWithObjects:(const id[])objects
                              forKeys:(const id[])keys
                                count:(unsigned long)count;
@end
@interface NSData : NSObject
+ (instancetype)dataWithContentsOfFile:(NSString *)path;
@end
@interface NSError : NSObject
@end
void NSLog(NSString *format, ...);
#define nil ((id)0)

// iOS SDK 3.x
typedef long FBErrorCategory;
@interface NSError (FBErrorUtility)
@property (readonly) FBErrorCategory fberrorCategory;
@end
@class FBRequestConnection;
typedef void (^FBRequestHandler)(FBRequestConnection *connection, id result, NSError *error);
@interface FBRequestConnection : NSObject
+ (FBRequestConnection *)startWithGraphPath:(NSString *)graphPath
                                 parameters:(NSDictionary *)parameters
                                 HTTPMethod:(NSString *)HTTPMethod
                          completionHandler:(FBRequestHandler)handler;
@end

// iOS SDK 4.x
@interface FBSDKAccessToken : NSObject
+ (FBSDKAccessToken *)currentAccessToken;
@property (readonly, copy) NSString *tokenString;
@end
@class FBSDKGraphRequestConnection;
typedef void (^FBSDKGraphRequestHandler)(FBSDKGraphRequestConnection *connection, id result,
                                         NSError *error);
@interface FBSDKGraphRequest : NSObject
- (instancetype)initWithGraphPath:(NSString *)graphPath
                       parameters:(NSDictionary *)parameters
                      tokenString:(NSString *)tokenString
                          version:(NSString *)version
                       HTTPMethod:(NSString *)HTTPMethod;
- (FBSDKGraphRequestConnection *)startWithCompletionHandler:(FBSDKGraphRequestHandler)handler;
@end
